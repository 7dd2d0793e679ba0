//! Error handling as reference BLAS does it: an illegal argument calls `XERBLA` with the
//! routine's name and the argument's position, and the routine returns without touching
//! anything.
//!
//! The handler called is the *program's* `xerbla_` (`xerbla_64_` for the 64-bit interface) when
//! it defines one — test programs and LAPACK's test suite do, to check the positions — found at
//! call time through the dynamic linker, else the default exported here. The default prints
//! reference BLAS's message but does not `STOP` the program as reference BLAS's does (OpenBLAS's
//! and MKL's return too): a library inside a Python or R session should not end it.

use std::ffi::{c_char, c_int, c_void, CStr};
use std::sync::atomic::AtomicI32;

use crate::raw::FInt;

extern "C" {
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
}

/// glibc's `RTLD_DEFAULT`: the global lookup scope, the executable first.
const RTLD_DEFAULT: *mut c_void = std::ptr::null_mut();

/// The first definition of `symbol` in the global scope (the program's before ours).
fn lookup(symbol: &CStr) -> *mut c_void {
    // SAFETY: `symbol` is NUL-terminated; `RTLD_DEFAULT` is a valid handle on glibc.
    unsafe { dlsym(RTLD_DEFAULT, symbol.as_ptr()) }
}

type Xerbla<I> = unsafe extern "C" fn(*const c_char, *const I, usize);

/// Reports illegal argument number `info` of routine `name` (e.g. `"DGEMV "`) to the program's
/// `XERBLA`.
pub fn xerbla<I: FInt>(name: &str, info: i64) {
    let sym = if I::IS_64 { c"xerbla_64_" } else { c"xerbla_" };
    let p = lookup(sym);
    let info = I::from_i64(info);
    let f: Xerbla<I> = if p.is_null() {
        default_xerbla::<I>
    } else {
        // SAFETY: `xerbla_` has this signature in every BLAS (gfortran: the name, INFO, the
        // name's hidden length).
        unsafe { std::mem::transmute::<*mut c_void, Xerbla<I>>(p) }
    };
    // SAFETY: the name is `name.len()` readable bytes, `info` a readable integer.
    unsafe { f(name.as_ptr().cast(), &info, name.len()) }
}

/// Reference BLAS's message.
///
/// # Safety
/// `srname` points to `len` readable bytes, `info` to a readable integer.
unsafe extern "C" fn default_xerbla<I: FInt>(srname: *const c_char, info: *const I, len: usize) {
    // SAFETY: the caller's contract.
    let name = unsafe { std::slice::from_raw_parts(srname.cast::<u8>(), len) };
    let name = String::from_utf8_lossy(name);
    // SAFETY: the caller's contract.
    let info = unsafe { info.read_unaligned() }.get();
    println!(
        " ** On entry to {} parameter number {info:2} had an illegal value",
        name.trim_end()
    );
}

/// The default `XERBLA`: prints reference BLAS's message (see the module docs).
///
/// # Safety
/// `srname` points to `len` readable bytes, `info` to a readable integer.
#[no_mangle]
pub unsafe extern "C" fn xerbla_(srname: *const c_char, info: *const i32, len: usize) {
    // SAFETY: the caller's contract.
    unsafe { default_xerbla::<i32>(srname, info, len) }
}

/// The default `XERBLA` of the 64-bit interface.
///
/// # Safety
/// `srname` points to `len` readable bytes, `info` to a readable integer.
#[no_mangle]
pub unsafe extern "C" fn xerbla_64_(srname: *const c_char, info: *const i64, len: usize) {
    // SAFETY: the caller's contract.
    unsafe { default_xerbla::<i64>(srname, info, len) }
}

/// `XERBLA_ARRAY`: `XERBLA` for callers (C, mostly) whose name is an array of characters.
///
/// # Safety
/// `srname` points to `len` readable bytes (`len ≥ 0`), `info` to a readable integer.
#[no_mangle]
pub unsafe extern "C" fn xerbla_array_(srname: *const c_char, len: *const i32, info: *const i32) {
    // SAFETY: the caller's contract.
    let (len, info) = unsafe { (len.read_unaligned(), info.read_unaligned()) };
    let len = usize::try_from(len).unwrap_or(0);
    // SAFETY: the caller's contract.
    let name = unsafe { std::slice::from_raw_parts(srname.cast::<u8>(), len) };
    // Reference: the name is copied into a CHARACTER*32, blank-padded or truncated.
    let name: String = String::from_utf8_lossy(&name[..len.min(32)]).into_owned();
    xerbla::<i32>(&name, i64::from(info));
}

/// `LSAME`: whether two characters are the same letter regardless of case.
///
/// # Safety
/// `ca` and `cb` point to readable bytes.
#[no_mangle]
pub unsafe extern "C" fn lsame_(
    ca: *const c_char,
    cb: *const c_char,
    _la: usize,
    _lb: usize,
) -> c_int {
    // SAFETY: the caller's contract.
    let (a, b) = unsafe { (ca.read() as u8, cb.read() as u8) };
    c_int::from(a.eq_ignore_ascii_case(&b))
}

/// `LSAME` of the 64-bit interface (it returns a 64-bit `LOGICAL`).
///
/// # Safety
/// `ca` and `cb` point to readable bytes.
#[no_mangle]
pub unsafe extern "C" fn lsame_64_(
    ca: *const c_char,
    cb: *const c_char,
    _la: usize,
    _lb: usize,
) -> i64 {
    // SAFETY: the caller's contract.
    i64::from(unsafe { lsame_(ca, cb, 1, 1) })
}

/// Reference CBLAS's flag "the current call is row-major", read by CBLAS test programs' own
/// `cblas_xerbla` to map argument positions (they set it themselves; it is exported because
/// they link to it). Never written here: it cannot be per call when calls run on many threads.
#[no_mangle]
#[allow(non_upper_case_globals)]
pub static RowMajorStrg: AtomicI32 = AtomicI32::new(0);

/// Reference CBLAS's flag "a Fortran routine was called from CBLAS"; exported for programs that
/// link to it, never written here.
#[no_mangle]
#[allow(non_upper_case_globals)]
pub static CBLAS_CallFromC: AtomicI32 = AtomicI32::new(0);

type CblasXerbla = unsafe extern "C" fn(c_int, *const c_char, *const c_char, ...);

/// Reports illegal argument number `info` of CBLAS routine `rout` (e.g. `c"cblas_dgemm"`) to
/// the program's `cblas_xerbla`, or to the default.
pub fn cblas_xerbla(info: i64, rout: &CStr) {
    let p = lookup(c"cblas_xerbla");
    let info = c_int::try_from(info).unwrap_or(c_int::MAX);
    if p.is_null() {
        // SAFETY: NUL-terminated strings.
        unsafe { cblas_xerbla_default(info, rout.as_ptr(), c"".as_ptr()) };
        return;
    }
    // SAFETY: `cblas_xerbla` has this (variadic) signature in every CBLAS.
    let f = unsafe { std::mem::transmute::<*mut c_void, CblasXerbla>(p) };
    // SAFETY: NUL-terminated strings; the format has no conversions.
    unsafe { f(info, rout.as_ptr(), c"".as_ptr()) }
}

/// The default `cblas_xerbla` (exported as `cblas_xerbla`): prints reference CBLAS's message
/// and returns (reference CBLAS exits the program). The format and its arguments are ignored.
///
/// # Safety
/// `rout` is NUL-terminated.
#[export_name = "cblas_xerbla"]
pub unsafe extern "C" fn cblas_xerbla_default(
    info: c_int,
    rout: *const c_char,
    _form: *const c_char,
) {
    // SAFETY: the caller's contract.
    let rout = unsafe { CStr::from_ptr(rout) }.to_string_lossy();
    eprintln!("Parameter {info} to routine {rout} was incorrect");
}
