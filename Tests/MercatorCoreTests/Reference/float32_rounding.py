"""Correct rounding of a real (mpmath) to binary32, and binary32 bit-pattern helpers.

Used by make_hard_cases.py. Rounds exactly: the candidate float and its two neighbours are
compared with the value at mpmath's working precision (200 bits), so no double rounding
through binary64 can creep in.
"""
import struct

from mpmath import mp, mpf

mp.prec = 200


def float_of_bits(bits):
    return struct.unpack('<f', struct.pack('<I', bits))[0]


def bits_of_float(value):
    return struct.unpack('<I', struct.pack('<f', value))[0]


def neighbours(bits):
    """The bit patterns of the floats just below and just above a finite float."""
    if bits >> 31 == 0:
        below, above = (bits - 1 if bits & 0x7FFFFFFF else 0x80000001), bits + 1
    else:
        below, above = bits + 1, (bits - 1 if bits & 0x7FFFFFFF else 1)
    return below, above


def round_to_float32(value):
    """(bits of the binary32 nearest to value, distance to the nearest midpoint / |value|)."""
    start = struct.unpack('<I', struct.pack('<f', float(value)))[0]
    candidates = [start, *neighbours(start)]
    best = min(candidates, key=lambda b: abs(mpf(float_of_bits(b)) - value))
    nearest = mpf(float_of_bits(best))
    below, above = neighbours(best)
    midpoints = [(nearest + mpf(float_of_bits(b))) / 2 for b in (below, above)]
    distance = min(abs(value - m) for m in midpoints) / abs(value)
    return best, distance
