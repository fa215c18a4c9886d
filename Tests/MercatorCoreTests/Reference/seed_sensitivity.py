"""How far one ulp of sinf, or of logf, moves the seed's y (latitudeToPixelSpaceY, seed512 px
at zoom 20), on a 0.0001° grid from 0° to the Mercator limit, with numpy's float32
arithmetic as the seed's C code does it.

    python3 Tests/MercatorCoreTests/Reference/seed_sensitivity.py
"""
import math

import numpy as np

RADIUS, OFFSET = 85445659.44705395, 268435456.0
latitudes = np.arange(0, 85.05112877980659, 1e-4)
sines = np.sin((latitudes * math.pi / 180.0).astype(np.float32)).astype(np.float32)


def ratio(sine):
    return ((np.float32(1) + sine) / (np.float32(1) - sine)).astype(np.float32)


def seed_y(sine):
    return np.round(OFFSET - RADIUS * np.log(ratio(sine)).astype(np.float64) / 2.0)


moved = np.abs(seed_y(np.nextafter(sines, np.float32(2))) - seed_y(sines))
logs = np.log(ratio(sines)).astype(np.float32)
moved_by_log = np.abs(RADIUS * (np.nextafter(logs, np.float32(100)).astype(np.float64) - logs.astype(np.float64)) / 2)
print(f'one ulp of sinf moves y by up to {moved.max():.0f} px (at {latitudes[moved.argmax()]:.4f}°), '
      f'by more than 100 px from {latitudes[np.argmax(moved > 100)]:.4f}° on')
print(f'one ulp of logf moves y by up to {moved_by_log.max():.1f} px (at {latitudes[moved_by_log.argmax()]:.4f}°)')
