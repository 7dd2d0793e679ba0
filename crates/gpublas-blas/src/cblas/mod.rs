//! CBLAS.
