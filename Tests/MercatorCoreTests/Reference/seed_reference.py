#!/usr/bin/env python3
"""Independent evaluation of the documents' seed code, for SeedPortTests.

Run: python3 Tests/MercatorCoreTests/Reference/seed_reference.py

The C expressions of 002 are re-evaluated here step by step with C's types: Python floats are
IEEE doubles; numpy.float32 gives IEEE single-precision + - / (exactly rounded, as C's
float arithmetic on arm64 and x86-64 SSE); sinf/logf are called from the C library through
ctypes (the same platform functions the original calls — they are the platform's, so the
comparison is independent of the Swift port's code, not of libm). round() is C's round.
"""
import ctypes, math
import numpy as np

libm = ctypes.CDLL("libm.so.6")
libm.sinf.argtypes = [ctypes.c_float]; libm.sinf.restype = ctypes.c_float
libm.logf.argtypes = [ctypes.c_float]; libm.logf.restype = ctypes.c_float
libm.round.argtypes = [ctypes.c_double]; libm.round.restype = ctypes.c_double

OFFSET = 268435456.0
RADIUS = 85445659.44705395
M_PI = math.pi

def f32(x):
    return np.float32(x)

def lon_to_x(lon):
    return libm.round(OFFSET + RADIUS * lon * M_PI / 180.0)

def lat_to_y(lat):
    s = f32(libm.sinf(f32(lat * M_PI / 180.0)))
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = (f32(1) + s) / (f32(1) - s)
    l = libm.logf(float(ratio)) if np.isfinite(ratio) else (math.inf if ratio > 0 else math.nan)
    return libm.round(OFFSET - RADIUS * float(np.float32(l)) / 2.0)

def x_to_lon(px):
    return ((libm.round(px) - OFFSET) / RADIUS) * 180.0 / M_PI

def y_to_lat(py):
    return (M_PI / 2.0 - 2.0 * math.atan(math.exp((libm.round(py) - OFFSET) / RADIUS))) * 180.0 / M_PI

def span(lat, lon, zoom, w, h, base=20):
    cx, cy = lon_to_x(lon), lat_to_y(lat)
    scale = 2.0 ** (base - zoom)
    sw, sh = w * scale, h * scale
    tlx, tly = cx - sw / 2, cy - sh / 2
    dlon = x_to_lon(tlx + sw) - x_to_lon(tlx)
    dlat = -1 * (y_to_lat(tly + sh) - y_to_lat(tly))
    return dlat, dlon

def getter(dlon, width):
    zoom_scale = dlon * RADIUS * M_PI / (180.0 * (width * 2))
    z = 20 - math.log2(zoom_scale)
    return z, int(libm.round(max(z, 0)))

for lat in [0.0, 33.777328, 61.189556, 85.0, -33.777328, 89.99, 90.0, -90.0]:
    print(f"y({lat!r}) = {lat_to_y(lat)!r}")
for lon in [0.0, 180.0, -180.0, -84.397348, -149.826082]:
    print(f"x({lon!r}) = {lon_to_x(lon)!r}")
print("span GT z14 320x460", span(33.777328, -84.397348, 14, 320, 460))
print("span Google z13 320x460", span(37.4419, -122.1419, 13, 320, 460))
print("span Anchorage z17 1280x1840", span(61.189556, -149.826082, 17, 1280, 1840))
print("span Anchorage z18 320x460", span(61.189556, -149.826082, 18, 320, 460))
print("span GT z0 320x460", span(33.777328, -84.397348, 0, 320, 460))
print("span GT z1 320x460", span(33.777328, -84.397348, 1, 320, 460))
print("span GT z14 base21", span(33.777328, -84.397348, 14, 320, 460, base=21))
print("getter 0.006866455078125 @1280", getter(0.006866455078125, 1280))
print("getter GT z14 @320", getter(span(33.777328, -84.397348, 14, 320, 460)[1], 320))
