"""Hypothesis beside zoomcheck bench: the same three checks, generation only (no database,
no deadline, no shrinking of passing runs), cases per second over the test's own time."""
import math, sys, time
from hypothesis import given, settings, strategies as st, Phase, HealthCheck, find

CASES = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
WORLD = float(512 << 20)
LIMIT = 85.05112877980659
RAD = math.pi / 180
DEG = 180 / math.pi
INV_2PI = 1 / (2 * math.pi)
ASINH1 = math.asinh(1.0)

def psi(lat):  # MercatorMath.isometricLatitude
    m = abs(lat)
    p = math.atanh(math.sin(m * RAD)) if m < 45 else -math.log(math.tan((90 - m) * RAD / 2))
    return -p if math.copysign(1, lat) < 0 else p

def lat_of(p):  # MercatorMath.latitude(isometric:)
    m = abs(p)
    l = math.atan(math.sinh(m)) * DEG if m < ASINH1 else 90 - 2 * math.atan(math.exp(-m)) * DEG
    return -l if math.copysign(1, p) < 0 else l

def round_trips(lat):
    y = WORLD / 2 - psi(lat) * (WORLD * INV_2PI)
    return abs(lat_of((WORLD / 2 - y) * (2 * math.pi / WORLD)) - lat) <= 1e-6

common = dict(max_examples=CASES, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))

@settings(**common)
@given(st.floats(-1e6, 1e6))
def one_double(x):
    assert x * x >= 0

@settings(**common)
@given(st.floats(-LIMIT, LIMIT))
def latitude_round_trip(lat):
    assert round_trips(lat)

for name, test in [("one double", one_double), ("P1 latitude round trip", latitude_round_trip)]:
    started = time.perf_counter()
    test()
    seconds = time.perf_counter() - started
    print(f"PEER Hypothesis {sys.modules['hypothesis'].__version__}, {name}: {CASES / seconds:.0f} cases/s ({CASES} cases, {seconds:.3f} s)")

started = time.perf_counter()
found = find(st.lists(st.integers(0, 1000), max_size=20), lambda xs: sum(xs) >= 100,
             settings=settings(database=None, deadline=None))
print(f"PEER Hypothesis, array sum >= 100 found and shrunk: {found} in {time.perf_counter() - started:.3f} s")
