/* The raw side of the small-call comparison: plain C against the CUDA runtime and cuBLAS,
 * written the way the cuBLAS documentation's examples are (one handle, cublasSetStream, host
 * pointer mode, device buffers from cudaMalloc), compiled with nvcc on the GPU machine:
 *
 *   nvcc -O2 -o small_calls bench/raw/small_calls.c -lcublas
 *
 * Prints one line per case: `case <name> <median µs per call> <q1> <q3>` over ROUNDS rounds of
 * CALLS calls each (host wall clock from the first call to the end of a final synchronisation,
 * divided by the calls), so another program can run the same patterns and compare, round by round
 * or by median. Cases:
 *   sgemm64_b2b_{legacy,blocking,nonblocking}  64×64 sgemm back to back on the legacy default
 *                                              stream, a created stream, a non-blocking stream
 *   sgemm64_enq_{legacy,nonblocking}           host time of the call loop alone, in batches of
 *                                              100 calls short enough that the launch queue never
 *                                              fills (the host's cost per call), µs per call
 *   sgemm64_sync_nonblocking                   the same with a stream synchronisation per call
 *   gemv2x3_b2b_nonblocking, gemv2x3_sync_nonblocking   2×3 sgemv, back to back / synchronised
 *   sgemm{16,32,64}_mapped_sync                16×16, 32×32, 64×64 sgemm on host arrays in mapped
 *                                              page-locked memory (cudaHostAlloc ... Mapped), one
 *                                              sync each
 *   gemv2x3_mapped_sync                        2×3 sgemv likewise
 * Every result is checked against a host computation once, before timing. */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK_CUDA(x)                                                                          \
    do {                                                                                       \
        cudaError_t e_ = (x);                                                                  \
        if (e_ != cudaSuccess) {                                                               \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)
#define CHECK_BLAS(x)                                                          \
    do {                                                                       \
        cublasStatus_t s_ = (x);                                               \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                     \
            fprintf(stderr, "%s:%d: %s: status %d\n", __FILE__, __LINE__, #x, (int)s_); \
            exit(1);                                                           \
        }                                                                      \
    } while (0)

static int ROUNDS = 15;
static int CALLS = 2000;
static const char *ONLY = NULL; /* --only NAME: run only the case of that name */
/* --start-at T: the timed rounds start at Unix time T (seconds), so processes started together
 * measure together whatever their set-up took; a process that gets there later says so. */
static double START_AT = 0;

static void wait_start(void) {
    if (START_AT <= 0) return;
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    double left = START_AT - (t.tv_sec + t.tv_nsec / 1e9);
    if (left > 0) {
        struct timespec d = {(time_t)left, (long)((left - (double)(time_t)left) * 1e9)};
        nanosleep(&d, NULL);
    } else {
        fprintf(stderr, "late by %.3f s\n", -left);
    }
}

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int wanted(const char *name) { return !ONLY || !strcmp(name, ONLY); }

static void report(const char *name, double *per_call, int n) {
    qsort(per_call, n, sizeof(double), cmp);
    printf("case %s %.3f %.3f %.3f\n", name, per_call[n / 2], per_call[n / 4], per_call[(3 * n) / 4]);
    fflush(stdout);
}

static float frand(unsigned *s) {
    *s = *s * 1664525u + 1013904223u;
    return (float)((*s >> 8) & 0xFFFF) / 65536.0f - 0.5f;
}

/* C (m×n) = A (m×k) · B (k×n), column-major, on the host in double. */
static void host_gemm(int m, int n, int k, const float *a, const float *b, double *c) {
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            double s = 0;
            for (int p = 0; p < k; p++) s += (double)a[i + p * m] * b[p + j * k];
            c[i + j * m] = s;
        }
}

static void check(const char *what, int len, const float *got, const double *want, double tol) {
    for (int i = 0; i < len; i++)
        if (!(fabs(got[i] - want[i]) <= tol * (1 + fabs(want[i])))) {
            fprintf(stderr, "%s: element %d is %g, expected %g\n", what, i, got[i], want[i]);
            exit(1);
        }
}

typedef struct {
    int m, n, k; /* gemv: m×k matrix times k-vector (n = 1) */
    int gemv;
} Shape;

/* One product on device (or mapped) pointers. */
static void call(cublasHandle_t h, Shape s, const float *a, const float *b, float *c) {
    const float one = 1.0f, zero = 0.0f;
    if (s.gemv)
        CHECK_BLAS(cublasSgemv(h, CUBLAS_OP_N, s.m, s.k, &one, a, s.m, b, 1, &zero, c, 1));
    else
        CHECK_BLAS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, s.m, s.n, s.k, &one, a, s.m, b, s.k,
                               &zero, c, s.m));
}

/* Times CALLS calls per round; `sync` synchronises the stream after every call. */
static void timed(const char *name, cublasHandle_t h, cudaStream_t st, Shape s, const float *a,
                  const float *b, float *c, int sync) {
    double per_call[64];
    if (!wanted(name)) return;
    for (int w = 0; w < 200; w++) call(h, s, a, b, c);
    CHECK_CUDA(cudaStreamSynchronize(st));
    wait_start();
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = now_us();
        for (int i = 0; i < CALLS; i++) {
            call(h, s, a, b, c);
            if (sync) CHECK_CUDA(cudaStreamSynchronize(st));
        }
        CHECK_CUDA(cudaStreamSynchronize(st));
        per_call[r] = (now_us() - t0) / CALLS;
    }
    report(name, per_call, ROUNDS);
}

/* Host time of the call loop alone, per call, in batches of 100 (synchronised between batches,
 * outside the timed part). */
static void enqueue_only(const char *name, cublasHandle_t h, cudaStream_t st, Shape s,
                         const float *a, const float *b, float *c) {
    double per_call[64];
    if (!wanted(name)) return;
    wait_start();
    for (int r = 0; r < ROUNDS; r++) {
        double total = 0;
        int batches = CALLS / 100 > 0 ? CALLS / 100 : 1;
        for (int j = 0; j < batches; j++) {
            CHECK_CUDA(cudaStreamSynchronize(st));
            double t0 = now_us();
            for (int i = 0; i < 100; i++) call(h, s, a, b, c);
            total += now_us() - t0;
        }
        CHECK_CUDA(cudaStreamSynchronize(st));
        per_call[r] = total / (batches * 100);
    }
    report(name, per_call, ROUNDS);
}

/* Device-resident operands on stream `st` (0: the legacy default stream). */
static void device_cases(const char *tag, cudaStream_t st, Shape s, int with_sync) {
    cublasHandle_t h;
    CHECK_BLAS(cublasCreate(&h));
    CHECK_BLAS(cublasSetStream(h, st));
    size_t na = (size_t)s.m * s.k, nb = (size_t)s.k * s.n, nc = (size_t)s.m * s.n;
    float *ha = malloc(na * 4), *hb = malloc(nb * 4), *hc = malloc(nc * 4);
    double *want = malloc(nc * 8);
    unsigned seed = 12345;
    for (size_t i = 0; i < na; i++) ha[i] = frand(&seed);
    for (size_t i = 0; i < nb; i++) hb[i] = frand(&seed);
    float *a, *b, *c;
    CHECK_CUDA(cudaMalloc((void **)&a, na * 4));
    CHECK_CUDA(cudaMalloc((void **)&b, nb * 4));
    CHECK_CUDA(cudaMalloc((void **)&c, nc * 4));
    CHECK_CUDA(cudaMemcpy(a, ha, na * 4, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(b, hb, nb * 4, cudaMemcpyHostToDevice));
    call(h, s, a, b, c);
    CHECK_CUDA(cudaMemcpy(hc, c, nc * 4, cudaMemcpyDeviceToHost));
    host_gemm(s.m, s.n, s.k, ha, hb, want);
    check(tag, (int)nc, hc, want, 1e-4);
    char name[128];
    snprintf(name, sizeof name, "%s_b2b_%s", s.gemv ? "gemv2x3" : "sgemm64", tag);
    timed(name, h, st, s, a, b, c, 0);
    if (!s.gemv) {
        snprintf(name, sizeof name, "sgemm64_enq_%s", tag);
        enqueue_only(name, h, st, s, a, b, c);
    }
    if (with_sync) {
        snprintf(name, sizeof name, "%s_sync_%s", s.gemv ? "gemv2x3" : "sgemm64", tag);
        timed(name, h, st, s, a, b, c, 1);
    }
    cudaFree(a), cudaFree(b), cudaFree(c), free(ha), free(hb), free(hc), free(want);
    cublasDestroy(h);
}

/* Host arrays in mapped page-locked memory, used by the device in place; one sync per call. */
static void mapped_case(cudaStream_t st, Shape s) {
    cublasHandle_t h;
    CHECK_BLAS(cublasCreate(&h));
    CHECK_BLAS(cublasSetStream(h, st));
    size_t na = (size_t)s.m * s.k, nb = (size_t)s.k * s.n, nc = (size_t)s.m * s.n;
    float *ha, *hb, *hc;
    CHECK_CUDA(cudaHostAlloc((void **)&ha, na * 4, cudaHostAllocMapped));
    CHECK_CUDA(cudaHostAlloc((void **)&hb, nb * 4, cudaHostAllocMapped));
    CHECK_CUDA(cudaHostAlloc((void **)&hc, nc * 4, cudaHostAllocMapped));
    unsigned seed = 777;
    for (size_t i = 0; i < na; i++) ha[i] = frand(&seed);
    for (size_t i = 0; i < nb; i++) hb[i] = frand(&seed);
    float *a, *b, *c;
    CHECK_CUDA(cudaHostGetDevicePointer((void **)&a, ha, 0));
    CHECK_CUDA(cudaHostGetDevicePointer((void **)&b, hb, 0));
    CHECK_CUDA(cudaHostGetDevicePointer((void **)&c, hc, 0));
    double *want = malloc(nc * 8);
    call(h, s, a, b, c);
    CHECK_CUDA(cudaStreamSynchronize(st));
    host_gemm(s.m, s.n, s.k, ha, hb, want);
    check("mapped", (int)nc, hc, want, 1e-4);
    char name[64];
    if (s.gemv) snprintf(name, sizeof name, "gemv2x3_mapped_sync");
    else snprintf(name, sizeof name, "sgemm%d_mapped_sync", s.m);
    timed(name, h, st, s, a, b, c, 1);
    cudaFreeHost(ha), cudaFreeHost(hb), cudaFreeHost(hc), free(want);
    cublasDestroy(h);
}

int main(int argc, char **argv) {
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--rounds")) ROUNDS = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--calls")) CALLS = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--only")) ONLY = argv[++i];
        else if (!strcmp(argv[i], "--start-at")) START_AT = atof(argv[++i]);
    }
    if (ROUNDS > 64) ROUNDS = 64;
    CHECK_CUDA(cudaSetDevice(0));
    Shape gemm = {64, 64, 64, 0}, gemv = {2, 1, 3, 1};
    cudaStream_t blocking, nonblocking;
    CHECK_CUDA(cudaStreamCreate(&blocking));
    CHECK_CUDA(cudaStreamCreateWithFlags(&nonblocking, cudaStreamNonBlocking));
    device_cases("legacy", 0, gemm, 0);
    device_cases("blocking", blocking, gemm, 0);
    device_cases("nonblocking", nonblocking, gemm, 1);
    device_cases("nonblocking", nonblocking, gemv, 1);
    mapped_case(nonblocking, (Shape){16, 16, 16, 0});
    mapped_case(nonblocking, (Shape){32, 32, 32, 0});
    mapped_case(nonblocking, gemm);
    mapped_case(nonblocking, gemv);
    return 0;
}
