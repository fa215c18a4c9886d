// Build: cc -O2 -shared -fPIC -DSALT=1 -o libfaithful.so CI/libm-adversary/faithful.c -ldl -lm
// Use:   LD_PRELOAD=$PWD/libfaithful.so .build/debug/zoomcheck check --impl all ...  (Documentation/libm.md)
// An adversarial *faithful* libm: glibc's double functions, but for half of the inputs (by a
// hash of the input bits and SALT) the other of the two doubles around the exact value (taken
// from the long double function), so every result stays within 1 ulp, as in any faithful libm.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#ifndef SALT
#define SALT 1
#endif
static uint64_t mix(uint64_t z) { z ^= z >> 30; z *= 0xbf58476d1ce4e5b9ULL; z ^= z >> 27; z *= 0x94d049bb133111ebULL; return z ^ (z >> 31); }
static double other(double x, double x2, double r, long double e) {
    if (!isfinite(r) || !isfinite((double)e) || (long double)r == e) return r;
    uint64_t a, b; memcpy(&a, &x, 8); memcpy(&b, &x2, 8);
    if (mix(a ^ mix(b ^ SALT)) & 1) return r;
    double n = e > (long double)r ? nextafter(r, INFINITY) : nextafter(r, -INFINITY);
    // only if the exact value lies strictly between r and n (r faithful)
    if ((e > (long double)r && e < (long double)n) || (e < (long double)r && e > (long double)n)) return n;
    return r;
}
#define WRAP1(name) double name(double x) { static double (*real)(double); if (!real) real = (double (*)(double))dlsym(RTLD_NEXT, #name); return other(x, 0, real(x), name##l((long double)x)); }
WRAP1(sin) WRAP1(cos) WRAP1(tan) WRAP1(asin) WRAP1(acos) WRAP1(atan) WRAP1(exp) WRAP1(log) WRAP1(log10)
WRAP1(sinh) WRAP1(cosh) WRAP1(tanh) WRAP1(asinh) WRAP1(acosh) WRAP1(atanh) WRAP1(log1p) WRAP1(expm1) WRAP1(log2) WRAP1(exp2)
double atan2(double y, double x) { static double (*real)(double, double); if (!real) real = (double (*)(double, double))dlsym(RTLD_NEXT, "atan2");
    return other(y, x, real(y, x), atan2l((long double)y, (long double)x)); }
