#!/usr/bin/env python3
"""Generates sweep.txt: a dense, random sweep of latitudes with 60-digit mpmath values.

Run from the package root:
    python3 Tests/MercatorCoreTests/Reference/make_sweep.py > Tests/MercatorCoreTests/Reference/sweep.txt

Each line: latitude ψ(φ) y(φ) at zoom 20 seed512, as hexadecimal floats (float.hex), each the
correctly rounded double of the exact function of the exact input double. Latitudes: 2,000
uniform in (0, 90), 500 within 1 degree of 45 (the switch between the two forms), and 500
log-spaced toward the pole (90 − 10^-k for k in 0...13.5).
"""
import random
from mpmath import mp, mpf, sin, atanh, pi

mp.dps = 60
rng = random.Random(20100122)
lats = [rng.uniform(0, 90) for _ in range(2000)]
lats += [rng.uniform(44, 46) for _ in range(500)]
lats += [90 - 10 ** (-rng.uniform(0, 13.5)) for _ in range(500)]
W = mpf(2) ** 29
for lat in lats:
    if not lat < 90:
        continue
    phi = mpf(lat) * pi / 180
    psi = atanh(sin(phi))
    y = W / 2 - W * psi / (2 * pi)
    print(float(lat).hex(), float(psi).hex(), float(y).hex())
