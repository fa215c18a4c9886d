# The golden cases, file by file. Executed by make_golden.py (which defines Case, add, Z, ...).
# Places name the section (post text) or the comment number and author; quotes are verbatim.
# fmt: off

F0 = "000-troy-brant-posts.zc"
F1 = "001-visual-guide-comments.zc"
F2 = "002-zoom-level-comments.zc"
F3 = "003-apple-map-geometry.zc"
F4 = "004-fit-annotations.zc"
F5 = "005-bad-input.zc"
CODE = '"Set the Zoom Level of an MKMapView", MKMapView+ZoomLevel.m'
M_API = "api: the public MercatorCore constant or function; expected value from the document and mpmath"

# ---------------------------------------------------------------- 000: the posts -------
c = Case("constant-mercator-offset", S000, CODE, "#define MERCATOR_OFFSET 268435456 /* (total pixels at zoom level 20) / 2 */", "constant", "api", method=M_LIT)
c.inp("name", "mercatorOffset").expect("value", 268435456, "exact", "an integer literal, exactly representable")
add(F0, c)

c = Case("constant-mercator-radius", S000, CODE, "#define MERCATOR_RADIUS 85445659.44705395 /* MERCATOR_OFFSET / pi */", "constant", "api", method="exact: mpmath 2^28/π = 85445659.447053948722786847..., rounded to double")
c.inp("name", "mercatorRadius").expect("value", d(mpmath.mpf(2) ** 28 / mpmath.pi), "exact", "the printed literal is the double nearest 2^28/π")
c.figure("value", 85445659.44705395, "matches", "exact", "the document's literal parses to that same double")
add(F0, c)

for zoom, width, tiles, area_fig, quote in [
        (0, 256, 1, None, "At zoom level 0, Google displays the world in a single 256 pixel by 256 pixel tile:"),
        (1, 512, 4, 2, "At zoom level 1, Google doubles the area of the map while keeping the tile size constant. So, the map grows to 512 pixels by 512 pixels and uses four tiles:"),
        (2, 1024, 16, 2, "At zoom level 2, Google doubles the area again. The map grows to 1024 pixels by 1024 pixels and uses sixteen tiles:")]:
    c = Case(f"world-width-tile256-zoom{zoom}", S000, '"MKMapView and Zoom Levels: A Visual Guide", section "Zoom Levels"', quote, "world-width", "api", method="exact: 256·2^zoom; tiles (width/256)^2; area ratio (W(z)/W(z−1))^2")
    c.inp("zoom", zoom).inp("convention", "tile256")
    c.expect("width", width, "exact", "a power of two").expect("tiles", tiles, "exact", "a small integer")
    c.figure("width", width, "matches", "exact", "the post's pixel size is right for 256-px tiles")
    c.expect("areaRatio", 4, "exact", "doubling the width quadruples the area")
    if area_fig:
        c.figure("areaRatio", area_fig, "differs", "exact", "the text says the area doubles; the width doubles, so the area (and the tile count 1, 4, 16) quadruples")
    add(F0, c)

c = Case("world-width-seed512-zoom20", S000, '"MKMapView and Zoom Levels: A Visual Guide", section "Zoom Levels"', "when zoom level 20 is reached, the map is 536,870,912 pixels by 536,870,912 pixels", "world-width", "api", method="exact: 512·2^20 = 2^29")
c.note("Right for the code's convention (seed512, MERCATOR_OFFSET = half of it) but not for the 256-px tiles of the same section: see world-width-tile256-zoom20-hustmobile.")
c.inp("zoom", 20).inp("convention", "seed512")
c.expect("width", 536870912, "exact", "a power of two").expect("halfWidth", 268435456, "exact", "a power of two")
c.figure("width", 536870912, "matches", "exact", "the post's figure is the seed512 world at zoom 20")
add(F0, c)

c = Case("seed-project-null-island", S000, '"Latitudes and Longitudes to Pixels"', "#define MERCATOR_OFFSET 268435456 /* (total pixels at zoom level 20) / 2 */", "project", "seed", method=M_SEED)
c.note("The offset is the centre of the seed's zoom-20 world: (0°, 0°) projects onto it exactly.")
c.inp("coordinate", 0, 0).inp("zoom", 20).inp("convention", "seed512")
c.expect("x", Z.seed_x(0), *T_EXACT_SEED).expect("y", Z.seed_y(0), "exact", "sinf(0) = 0, logf(1) = 0 in any libm")
add(F0, c)

gx, gy = Z.seed_x(GT[1]), Z.seed_y(GT[0])
ex_y = Z.exact_y(GT[0], 20, "seed512")
c = Case("seed-project-georgia-tech", S000, '"Set the Zoom Level of an MKMapView", section "Test the Code"', ["#define GEORGIA_TECH_LATITUDE 33.777328", "#define GEORGIA_TECH_LONGITUDE -84.397348"], "project", "seed", verdict="defect single-precision-latitude", method=M_SEED + "; correct y from mpmath")
c.note(f"The float32 sinf/logf path lands one pixel south of the correctly rounded y (exact y = {float(ex_y)!r}).")
c.inp("coordinate", *GT).inp("zoom", 20).inp("convention", "seed512")
c.expect("x", gx, *T_EXACT_SEED)
c.expect("y", gy, "exact" if Z.seed_y_glibc_agrees(GT[0]) else "px 1 at zoom 20 seed512", "correctly rounded sinf/logf; glibc agrees (checked by make_golden.py)")
c.correct("y", d(ex_y), "abs 0.5 px", "a correct round() of the exact y is within half a pixel")
add(F0, c)

c = Case("corrected-project-georgia-tech", S000, '"Set the Zoom Level of an MKMapView", section "Test the Code"', ["#define GEORGIA_TECH_LATITUDE 33.777328", "#define GEORGIA_TECH_LONGITUDE -84.397348"], "project", "corrected")
c.inp("coordinate", *GT).inp("zoom", 20).inp("convention", "seed512")
c.expect("x", d(Z.exact_x(GT[1], 20, "seed512")), "ulps 2", "(λ + 180)/360 · W: two roundings")
c.expect("y", d(ex_y), "ulps 4", "W/2 − W·ψ/2π with ψ within a few ulps")
c.figure("x", gx, "matches", "abs 0.5 px", "the seed's rounded x is within half a pixel")
c.figure("y", gy, "differs", "abs 0.5 px", "the seed's float32 y is a pixel off (seed-project-georgia-tech)")
add(F0, c)

c = Case("seed-unproject-georgia-tech", S000, '"Latitudes and Longitudes to Pixels"', "latitude = (M_PI / 2.0 - 2.0 * atan(exp((round(pixelY) - MERCATOR_OFFSET) / MERCATOR_RADIUS))) * 180.0 / M_PI;", "unproject", "seed", method=M_SEED)
c.inp("pixel", gx, gy).inp("zoom", 20).inp("convention", "seed512")
lat_back, lon_back = Z.seed_lat_of_y(gy), Z.seed_lon_of_x(gx)
c.expect("latitude", lat_back, *T_LAT_SEED_ONE)
c.expect("longitude", lon_back, *T_EXACT_SEED)
c.figure("latitude", GT[0], "matches", "px 1.5 at zoom 20 seed512", "back within the float32 pixel error and one round(): 1.5 px of latitude")
c.figure("longitude", GT[1], "matches", "px 0.5 at zoom 20 seed512", "back within one round(): half a pixel")
add(F0, c)

# Anchorage on the 320×460 phone at 20, 19, 18 (the centre is the one comment 25 of 001 quotes)
for zoom, quote in [(20, "Say we place an iPhone on top of Anchorage, Alaska at zoom level 20:"),
                    (19, "On the left is Anchorage at zoom level 19, and on the right are the 4 iPhones at zoom level 20 it would take to display the same amount of area:"),
                    (18, "On the left is Anchorage at zoom level 18, and on the right are the 16 iPhones at zoom level 20 it would take to display the same amount of area:")]:
    c = Case(f"seed-region-anchorage-zoom{zoom}", S000, '"MKMapView and Zoom Levels: A Visual Guide", sections "Add an iPhone" and "Scaling using Zoom Levels"', [quote, "In the iPhone shown above, the map size is 320 pixels by 460 pixels."], "region", "seed", method=M_SEED)
    c.note("Centre (61.189556, -149.826082): the figures' own centre, quoted in comment 25 of 001 and the midpoint of the corner latitudes comment 1 quotes.")
    seed_region_case(c, *ANCHORAGE, zoom, *PHONE)
    c.expect("valid", True, "exact", "a few hundred metres around Anchorage")
    ld, lo = Z.corrected_region(*ANCHORAGE, zoom, *PHONE, "seed512")
    c.figure("longitudeDelta", d(lo), "matches", "px 1 at zoom 20 seed512", "the corrected seed512 span, within the seed's rounding of each corner")
    add(F0, c)

for z_to, count in [(19, 4), (18, 16)]:
    c = Case(f"seed-zoom-step-anchorage-20-to-{z_to}", S000, '"MKMapView and Zoom Levels: A Visual Guide", section "Scaling using Zoom Levels"', [f"the {count} iPhones at zoom level 20 it would take to display the same amount of area", "Relative to zoom level 20, zooming out one level doubles the area visible on the map."], "zoom-step", "seed", method=M_SEED)
    a20 = Z.seed_region(*ANCHORAGE, 20, *PHONE); a = Z.seed_region(*ANCHORAGE, z_to, *PHONE)
    c.inp("center", *ANCHORAGE).inp("viewport", *PHONE).inp("convention", "seed512").inp("from", 20).inp("to", z_to)
    c.expect("longitudeRatio", a[1] / a20[1], "exact", "integer pixel widths 320·2^k: the ratio of two exact multiples")
    c.expect("areaRatio", (a[0] * a[1]) / (a20[0] * a20[1]), *T_RATIO_SEED)
    c.figure("areaRatio", count, "matches", "abs 0.01", f"{count} phones: the picture is right (Mercator stretch over a few hundred metres is ~1e-5)")
    if z_to == 19:
        c.figure("areaRatio", 2, "differs", "abs 0.01", "the text's \"doubles the area\" is wrong: one level doubles each distance")
    add(F0, c)

# Georgia Tech at zoom 14, the post's test
c = Case("seed-region-georgia-tech-zoom14", S000, '"Set the Zoom Level of an MKMapView", section "Test the Code"', ["#define ZOOM_LEVEL 14", "[mapView setCenterCoordinate:centerCoord zoomLevel:ZOOM_LEVEL animated:NO];"], "region", "seed", method=M_SEED)
c.note("Viewport: the post's 320×460 phone (the 2010 iPhone map view of the visual guide).")
seed_region_case(c, *GT, 14, *PHONE)
c.expect("valid", True, "exact", "a campus-sized region")
add(F0, c)

c = Case("corrected-region-georgia-tech-zoom14", S000, '"Set the Zoom Level of an MKMapView", section "Test the Code"', ["#define ZOOM_LEVEL 14"], "region", "corrected")
c.note("The same zoom read in the seed's own convention (seed512): the corrected core agrees with the seed to its pixel rounding.")
corrected_region_case(c, *GT, 14, *PHONE, "seed512")
sld, slo = Z.seed_region(*GT, 14, *PHONE)
c.figure("longitudeDelta", slo, "matches", "px 1 at zoom 20 seed512", "the seed's span rounds each corner to a pixel")
add(F0, c)

# Results: zoom 2, 10, 18 "match" the web app (they are one Google level apart)
for zoom in (2, 10, 18):
    c = Case(f"seed-versus-google-georgia-tech-zoom{zoom}", S000, '"Set the Zoom Level of an MKMapView", section "Results"', [f"Zoom Level {zoom}: Native app on the left. Web app on the right.", "As you can see, they match."], "region", "seed", verdict="defect zoom-base-off-by-one", method=M_SEED + "; Google's span exact (256-px tiles)")
    c.note("Assumes the web app's map is 320 CSS px wide (the phone's width). The seed's zoom z is Google's z + 1, so its longitude span is half the web app's.")
    ld, lo = seed_region_case(c, *GT, zoom, *PHONE)
    gl = Z.corrected_region(*GT, zoom, *PHONE, "tile256")[1]
    c.correct("longitudeDelta", d(gl), "px 1 at zoom 20 seed512", "Google's zoom-level span on a 320-px map: 360·320/(256·2^z)")
    c.figure("longitudeDelta", d(gl), "differs", "px 1 at zoom 20 seed512", "\"they match\": the web app at the same zoom shows twice the span")
    add(F0, c)

# The clamp at 28
c = Case("seed-clamp-zoom29-equals-28", S000, CODE, ["// clamp large numbers to 28", "zoomLevel = MIN(zoomLevel, 28);"], "region", "seed", method=M_SEED)
seed_region_case(c, *GT, 29, *PHONE)
ld28, lo28 = Z.seed_region(*GT, 28, *PHONE)
c.figure("longitudeDelta", lo28, "matches", "exact", "zoom 29 is clamped to 28: the same region")
add(F0, c)

c = Case("seed-negative-zoom-wraps-to-28", S000, CODE, ["zoomLevel:(NSUInteger)zoomLevel", "zoomLevel = MIN(zoomLevel, 28);"], "region", "seed", verdict="defect nsuinteger-zoom-wraps", method=M_SEED + "; -1 as NSUInteger is 2^64-1")
c.note("A zoom of -1 passed to the NSUInteger parameter becomes 2^64 - 1, which the clamp turns into 28: the most zoomed-in region instead of the world.")
seed_region_case(c, *GT, -1, *PHONE)
c.correct("longitudeDelta", 360, "abs 180 deg", "a zoomed-out request should show at least half the world, not a metre")
add(F0, c)

c = Case("corrected-zoom29-is-an-error", S000, CODE, ["// clamp large numbers to 28", "zoomLevel = MIN(zoomLevel, 28);"], "region", "corrected", method="api: WebMercator.supportedZooms is 0...28")
c.inp("center", *GT).inp("zoom", 29).inp("viewport", *PHONE).inp("convention", "seed512").error("invalid-zoom")
add(F0, c)

# ---------------------------------------------------------------- 001: comments -------
VG = '"MKMapView and Zoom Levels: A Visual Guide" (repost)'
for zoom, rel, why in [(18, "differs", "the figure's corners are those of zoom 15 (comment 25 found 17 on a 1280×1840 view, the same scale)"),
                       (15, "matches", "printed to six decimals")]:
    c = Case(f"seed-corners-anchorage-zoom{zoom}-kai-renz", S001, f"comment 1 (Kai Renz) on the last image of {VG}, \"An Example: Zoom Level 18\"", ["In the image you have", "61.191934+0.004957=61.187178", "lat@bottom + Delta(lat) = lat@top"], "corners", "seed", method=M_SEED)
    c.note("north is the seed's minLat (top-left pixel), south its maxLat; latitudeDelta = north - south as the code's -1 * (maxLat - minLat).")
    if zoom == 15:
        c.note("The figure labelled zoom 18 shows the zoom-15 region of the 320x460 phone: 61.191934 is the top, 61.187178 the bottom, and their difference is 0.004756, not 0.004957.")
    k = Z.seed_corners(*ANCHORAGE, zoom, *PHONE)
    c.inp("center", *ANCHORAGE).inp("zoom", zoom).inp("viewport", *PHONE).inp("convention", "seed512").inp("pixels-at", 20, "seed512")
    tol = seed_lat_tol(*ANCHORAGE, zoom, *PHONE)
    c.expect("north", k["min_lat"], *tol).expect("south", k["max_lat"], *tol)
    c.expect("latitudeDelta", k["lat_delta"], *tol).expect("longitudeDelta", k["lon_delta"], *T_EXACT_SEED)
    c.figure("north", 61.191934, rel, "abs 5e-7 deg", why)
    c.figure("south", 61.187178, rel, "abs 5e-7 deg", why)
    c.figure("latitudeDelta", 0.004957, "differs", "abs 5e-7 deg", "Kai Renz: 61.191934 + 0.004957 is not 61.187178; the difference is 0.004756")
    add(F1, c)

c = Case("world-width-tile256-zoom20-hustmobile", S001, "comment 2 (hustmobile)", ["in zoom level 20 , the map is 256×2^20 pixels by 256×2^20 pixels, so it should be 268435456 pixels by 268435456 pixels."], "world-width", "api", method="exact: 256·2^20")
c.inp("zoom", 20).inp("convention", "tile256")
c.expect("width", 268435456, "exact", "a power of two")
c.figure("width", 268435456, "matches", "exact", "right for 256-px tiles")
c.figure("width", 536870912, "differs", "exact", "the post's figure belongs to the seed512 convention (world-width-seed512-zoom20)")
add(F1, c)

c = Case("world-width-seed512-half-mothersh1p", S001, "comment 3 (mothersh1p)", ["So 268435456 x 268435456 is the midpoint of 536870912 x 536,870,912."], "world-width", "api", method="exact: 2^29 / 2")
c.inp("zoom", 20).inp("convention", "seed512")
c.expect("halfWidth", 268435456, "exact", "a power of two").figure("halfWidth", 268435456, "matches", "exact", "MERCATOR_OFFSET is half the seed512 world")
add(F1, c)

c = Case("world-width-tile256-half-addleman", S001, "comment 16 (Jonathan Addleman)", ["256 x 2^20 = 268435456, doesn't it?", "I can see that you'd have to divide this number in half again to get the 'mercator offset' for the code"], "world-width", "api", method="exact: 2^28 / 2")
c.note("Half the tile256 world is 134217728, not the code's MERCATOR_OFFSET: the code's pixels are seed512.")
c.inp("zoom", 20).inp("convention", "tile256")
c.expect("width", 268435456, "exact", "a power of two").expect("halfWidth", 134217728, "exact", "a power of two")
c.figure("halfWidth", 268435456, "differs", "exact", "MERCATOR_OFFSET is not half of 256·2^20")
add(F1, c)

for impl, z_from, quote in [("seed", 19, "Just one comment : in scaling zoom level, it is written that zooming out doubles the area, isnt it that it double the distances, i.e quadruple the area ?"),
                            ("corrected", 19, "isnt it that it double the distances, i.e quadruple the area ?")]:
    c = Case(f"{impl}-zoom-step-anchorage-tarto", S001, "comment 10 (Tarto)", quote, "zoom-step", impl, method=M_SEED if impl == "seed" else M_EXACT)
    c.inp("center", *ANCHORAGE).inp("viewport", *PHONE).inp("convention", "seed512").inp("from", 20).inp("to", z_from)
    if impl == "seed":
        a20, a19 = Z.seed_region(*ANCHORAGE, 20, *PHONE), Z.seed_region(*ANCHORAGE, 19, *PHONE)
        c.expect("longitudeRatio", a19[1] / a20[1], "exact", "integer pixel widths: 640 px over 320 px")
        c.expect("latitudeRatio", a19[0] / a20[0], *T_RATIO_SEED)
    else:
        b20, b19 = Z.corrected_region(*ANCHORAGE, 20, *PHONE, "seed512"), Z.corrected_region(*ANCHORAGE, 19, *PHONE, "seed512")
        c.expect("longitudeRatio", 2, "exact", "360·w/W halves exactly per level")
        c.expect("latitudeRatio", d(b19[0] / b20[0]), "abs 3e-9", "ratio ≈ 2 of latitude deltas of 3e-4° and 1.5e-4°, each within 1e-13° (relative 3.4e-10 and 6.7e-10)")
    c.figure("longitudeRatio", 2, "matches", "exact", "one level out doubles each distance")
    c.figure("latitudeRatio", 2, "matches", "abs 1e-4", "doubles up to the Mercator stretch over a few hundred metres")
    add(F1, c)

c = Case("seed-21-google-zoom16-iportable", S001, "comment 17 (iPortable)", ["the zoom level doesn't start at 0 but from 1 to 21", "simply change \u201cNSInteger zoomExponent = 20 \u2013 zoomLevel;\u201d to \u201c\u202621 \u2013 \u2026\u201d"], "region", "seed-21", method=M_SEED + " with 21 - zoomLevel; Google's span exact")
c.note("His example: \"on zoom 16\" against the Google web page. With 21 the seed's zoom equals Google's (tile256).")
seed_region_case(c, *GT, 16, *PHONE, base=21)
g16 = Z.corrected_region(*GT, 16, *PHONE, "tile256")
c.figure("longitudeDelta", d(g16[1]), "matches", "px 1 at zoom 20 seed512", "Google's zoom-16 span, to the seed's pixel rounding")
add(F1, c)

c = Case("seed-zoom16-is-google-17-iportable", S001, "comment 17 (iPortable)", ["if you compare the iPhone map for example on zoom 16 with the map on the google webpage"], "region", "seed", verdict="defect zoom-base-off-by-one", method=M_SEED + "; Google's spans exact")
ld, lo = seed_region_case(c, *GT, 16, *PHONE)
c.correct("longitudeDelta", d(g16[1]), "px 1 at zoom 20 seed512", "Google's zoom 16 on the same 320-px view")
c.figure("longitudeDelta", d(Z.corrected_region(*GT, 17, *PHONE, "tile256")[1]), "matches", "px 1 at zoom 20 seed512", "what the seed shows at 16 is Google's 17")
add(F1, c)

c = Case("equivalent-zoom-seed16-is-tile17", S001, "comment 17 (iPortable)", ["the zoom level doesn't start at 0 but from 1 to 21"], "equivalent-zoom", "api", method="exact: seed512 z = tile256 z + 1")
c.inp("zoom", 16).inp("convention", "seed512").inp("target", "tile256")
c.expect("zoom", 17, "exact", "adding one to a small integer").expect("width", 512 * 2 ** 16, "exact", "a power of two")
add(F1, c)

c = Case("seed-region-zoom28-chris-paynter", S001, "comment 19 (Chris Paynter)", ["zoomLevel = MIN(zoomLevel, 28);", "when the maximum zoom levels are 20?"], "region", "seed", verdict="defect pixel-rounding-quantises-spans", method=M_SEED + "; correct span mpmath")
c.note("Zooms above 20 still work, on fractions of a zoom-20 pixel: at 28 the 320×460 view is 1.25×1.8 seed pixels, and round() makes it 1×2.")
seed_region_case(c, *GT, 28, *PHONE)
cl, co = Z.corrected_region(*GT, 28, *PHONE, "seed512")
c.correct("longitudeDelta", d(co), "ulps 4", "360·320/(512·2^28)")
c.correct("latitudeDelta", d(cl), "abs 1e-13 deg", "the exact rows of a 460-pt view")
add(F1, c)

# Jeff Sawatzky's zoom-0 and zoom-1 failures (comments 20-22)
J20 = (20.0, 0.0)
for impl, zoom, valid, quote, comment in [
        ("seed-mappoint", 0, False, "when I set the zoom to 0 or 1 I get an error, but all other zoom levels seem to work fine", "comment 21 (Jeff Sawatzky)"),
        ("seed-mappoint", 1, False, "when I set the zoom to 0 or 1 I get an error, but all other zoom levels seem to work fine", "comment 21 (Jeff Sawatzky)"),
        ("seed-mappoint", 2, True, "but all other zoom levels seem to work fine", "comment 21 (Jeff Sawatzky)"),
        ("seed", 0, False, "Reverting back to your code, I noticed that I also get an error with zoom level 0, but not zoom level 1.", "comment 22 (Jeff Sawatzky)"),
        ("seed", 1, True, "Reverting back to your code, I noticed that I also get an error with zoom level 0, but not zoom level 1.", "comment 22 (Jeff Sawatzky)")]:
    verdict = "holds" if valid else "defect invalid-region-at-low-zoom"
    c = Case(f"{impl}-zoom{zoom}-sawatzky", S001, comment, quote, "region", impl, verdict=verdict, method=(M_SEED if impl == "seed" else "exact: mpmath of the map-point variant (MapKit modelled exactly)"))
    c.note("Centre (20, 0) and the 320x460 view are assumptions: the comment gives neither. Centres between about 10 and 30 degrees reproduce the report; the post's Georgia Tech centre fails at zoom 1 too (seed-zoom1-georgia-tech-also-invalid).")
    conv = "seed512" if impl == "seed" else "tile256"
    c.inp("center", *J20).inp("zoom", zoom).inp("viewport", *PHONE).inp("convention", conv)
    if impl == "seed":
        ld, lo = Z.seed_region(*J20, zoom, *PHONE)
        c.expect("longitudeDelta", lo, *T_EXACT_SEED)
        c.expect("latitudeDelta", ld, *seed_lat_tol(*J20, zoom, *PHONE))
    else:
        ld, lo = Z.mappoint_span(*J20, zoom, *PHONE)
        c.expect("longitudeDelta", d(lo), "ulps 2", "x·(360/W) with W a power of two: one rounding per corner")
        c.expect("latitudeDelta", d(ld), T_LAT_CORR[0], T_LAT_CORR[1])
    v = Z.region_valid(*J20, ld, lo)
    assert (not v) == valid, (impl, zoom, v)
    c.expect("valid", valid, "exact", "MapKit's setRegion: accepts the region" if valid else "setRegion: raises \"Invalid Region\": the reported error")
    c.expect("violations", v, "exact", "the rules of PROTOCOL.md the region breaks")
    if not valid:
        c.correct("valid", True, "exact", "a zoom-level setter should always produce a region the map accepts")
    add(F1, c)

c = Case("seed-zoom1-georgia-tech-also-invalid", S001, "comment 22 (Jeff Sawatzky)", "I also get an error with zoom level 0, but not zoom level 1.", "region", "seed", verdict="defect invalid-region-at-low-zoom", method=M_SEED)
c.note("At the post's own Georgia Tech centre the original fails at zoom 1 as well: the report holds for some centres only.")
ld, lo = seed_region_case(c, *GT, 1, *PHONE)
c.expect("valid", False, "exact", "reaches past the north pole").expect("violations", Z.region_valid(*GT, ld, lo), "exact", "the rules the region breaks")
c.figure("valid", True, "differs", "exact", "\"but not zoom level 1\" does not hold at this centre")
c.correct("valid", True, "exact", "a zoom-level setter should always produce a region the map accepts")
add(F1, c)

c = Case("seed-mappoint-zoom14-is-one-level-out-sawatzky", S001, "comment 20-21 (Jeff Sawatzky)", ["Using these methods I think I modified your code to do the same thing.", "produce similar results to what your code does"], "region", "seed-mappoint", verdict="defect zoom-base-off-by-one", method="exact: mpmath of the map-point variant; the seed's span replayed (zoomref.py)")
c.note("MKMapPointForCoordinate works in a 2^28 world with the same 20 - zoomLevel: the variant shows twice the original's span, one level further out.")
ld, lo = Z.mappoint_span(*GT, 14, *PHONE)
c.inp("center", *GT).inp("zoom", 14).inp("viewport", *PHONE).inp("convention", "tile256")
c.expect("longitudeDelta", d(lo), "ulps 2", "x·(360/W): one rounding per corner")
c.expect("latitudeDelta", d(ld), *T_LAT_CORR)
s14 = Z.seed_region(*GT, 14, *PHONE)
c.correct("longitudeDelta", s14[1], "px 1 at zoom 20 seed512", "the original's span at the same zoom")
c.figure("longitudeDelta", 2 * s14[1], "matches", "px 2 at zoom 20 seed512", "twice the original's span")
add(F1, c)

c = Case("seed-region-zoom17-1280x1840-whirlwind", S001, "comment 25 (Whirlwind)", ["CGSize mapViewSize = CGSizeMake(1280, 1840);", "latitudeDelta = 0.00475692749023438", "longitudeDelta = 0.006866455078125", "It seem right when zoom level is 17, not 18."], "region", "seed", method=M_SEED)
c.note("His values are the region MapKit stored (4988·2^-20 and 7200·2^-20 degrees), so they sit on MapKit's grid of 2^-20 degree; the seed's request is within half a step.")
seed_region_case(c, *ANCHORAGE, 17, 1280, 1840)
c.figure("longitudeDelta", 0.006866455078125, "matches", "abs 5e-7 deg", "MapKit's stored region: within half its 2^-20 degree step")
c.figure("latitudeDelta", 0.00475692749023438, "matches", "abs 5e-7 deg", "MapKit's stored region: within half its 2^-20 degree step")
add(F1, c)

c = Case("seed-region-anchorage-zoom18-whirlwind", S001, "comment 25 (Whirlwind)", ["Are you sure that the Zoom Level in the example is 18?", "MKCoordinateSpan span = MKCoordinateSpanMake(0.004757, 0.006866);"], "region", "seed", method=M_SEED)
c.note("The post's zoom-18 figure shows the span of zoom 15 on the 320x460 phone (17 on his 1280x1840 view): at 18 the span is eight times smaller.")
seed_region_case(c, *ANCHORAGE, 18, *PHONE)
c.figure("longitudeDelta", 0.006866, "differs", "abs 5e-7 deg", "the figure's span is not zoom 18 on the phone")
c.figure("latitudeDelta", 0.004757, "differs", "abs 5e-7 deg", "the figure's span is not zoom 18 on the phone")
add(F1, c)

c = Case("corrected-zoom-of-figure-span-whirlwind", S001, "comment 25 (Whirlwind)", ["MKCoordinateSpan span = MKCoordinateSpanMake(0.004757, 0.006866);", "CGSize mapViewSize = CGSizeMake(1280, 1840);", "I got the zoom level is 17."], "zoom", "corrected")
z, level = Z.corrected_zoom(0.006866, 1280, "seed512")
c.inp("center", *ANCHORAGE).inp("span", 0.004757, 0.006866).inp("viewport", 1280, 1840).inp("convention", "seed512")
c.expect("zoom", d(z), *T_ZOOM).expect("level", level, "exact", "an integer")
c.figure("level", 17, "matches", "exact", "his zoom 17")
add(F1, c)

c = Case("seed-getter-figure-span-whirlwind", S001, "comment 25 (Whirlwind)", ["I got the zoom level is 17."], "zoom", "seed", verdict="defect getter-retina-factor", method=M_SEED + " (002 comment 8's getter); log2 correctly rounded")
c.note("002's getter doubles the width (\"2 is for retina display\") and reads 18 for the span that is zoom 17 on a 1280-wide view: it agrees with the post's mislabelled 18.")
frac, lvl = Z.seed_getter(0.006866, 1280)
c.inp("center", *ANCHORAGE).inp("span", 0.004757, 0.006866).inp("viewport", 1280, 1840).inp("convention", "seed512")
c.expect("zoom", frac, *T_ZOOM).expect("level", lvl, "exact", "an integer")
c.correct("level", 17, "exact", "the level at which a 1280-pt view shows the span")
add(F1, c)

c = Case("world-width-tile256-zoom20-floussov", S001, "comment 26 (Nick Floussov)", "sequence of pics with zoom of 0, 1, 2, .., 20 should have relative width/heights as 256, 512, 1024, \u2026 268435456.", "world-width", "api", method="exact: 256·2^20")
c.inp("zoom", 20).inp("convention", "tile256").expect("width", 268435456, "exact", "a power of two")
c.figure("width", 268435456, "matches", "exact", "256·2^20")
add(F1, c)

c = Case("constant-mapkit-world-floussov", S001, "comment 27 (Nick Floussov), point 2", "check MKMapWorld structure to see that in fact the map size is 268435456 x 268435456.", "constant", "api", method=M_LIT)
c.inp("name", "mapKitWorldWidth").expect("value", 268435456, "exact", "MKMapSizeWorld is 2^28 map points")
add(F1, c)

c = Case("map-point-georgia-tech-floussov", S001, "comment 27 (Nick Floussov), point 3", ["Just compare results from:", "MKMapPoint center = MKMapPointForCoordinate(centerCoordinate);", "the ones from formulas in \u201cLatitudes and Longitudes to Pixels\u201d"], "map-point", "api", method=M_EXACT + "; the seed's pixels halved (zoomref.py)")
c.note("A map point is half a seed pixel: the formulas agree up to the factor 2, the seed's rounding and its float32 latitude.")
mx, my = Z.mapkit_point(*GT)
c.inp("coordinate", *GT).expect("x", d(mx), "ulps 2", "(λ + 180)/360 · 2^28").expect("y", d(my), "ulps 4", "2^27 − 2^28·ψ/2π, ψ within a few ulps")
c.figure("x", gx / 2, "matches", "abs 0.25 px", "the seed's x halved: within half a seed pixel")
c.figure("y", gy / 2, "matches", "abs 0.75 px", "the seed's float32 y halved: within 1.5 seed pixels")
add(F1, c)

c = Case("equivalent-zoom-apple-0-is-1-floussov", S001, "comment 27 (Nick Floussov), point 4", "For Apple zoom [0] means in fact zoom [1], i.e. 4 tiles. That is why the whole thing crashes at zoom [0].", "equivalent-zoom", "api", method="exact: seed512 z = tile256 z + 1")
c.inp("zoom", 0).inp("convention", "seed512").inp("target", "tile256")
c.expect("zoom", 1, "exact", "an integer").expect("width", 512, "exact", "512 px = 2×2 tiles of 256").expect("tiles", 4, "exact", "(512/256)^2")
c.figure("tiles", 4, "matches", "exact", "4 tiles")
add(F1, c)

# ---------------------------------------------------------------- 002 -------------------
POST2 = '"Set the Zoom Level of an MKMapView", opening'
c = Case("corrected-google-setcenter-zoom13", S002, POST2, "map.setCenter(new google.maps.LatLng(37.4419, -122.1419), 13);", "region", "corrected")
c.note("Google's zoom is tile256; the view is the post's 320x460 phone.")
corrected_region_case(c, *GOOGLE, 13, *PHONE, "tile256")
add(F2, c)

c = Case("seed-google-setcenter-zoom13", S002, POST2, ["map.setCenter(new google.maps.LatLng(37.4419, -122.1419), 13);", "The zoom level ranges from 0 (all the way zoomed out) to some upper value"], "region", "seed", verdict="defect zoom-base-off-by-one", method=M_SEED + "; Google's span exact")
ld, lo = seed_region_case(c, *GOOGLE, 13, *PHONE)
gg = Z.corrected_region(*GOOGLE, 13, *PHONE, "tile256")
c.correct("longitudeDelta", d(gg[1]), "px 1 at zoom 20 seed512", "Google's zoom 13: 360·320/(256·2^13) = 0.054931640625")
c.correct("latitudeDelta", d(gg[0]), "px 1 at zoom 20 seed512", "Google's zoom 13 rows")
add(F2, c)

c = Case("seed-21-google-setcenter-zoom13", S002, POST2, "map.setCenter(new google.maps.LatLng(37.4419, -122.1419), 13);", "region", "seed-21", method=M_SEED + " with 21 - zoomLevel")
c.note("001 comment 17's fix: with 21 - zoomLevel the seed's 13 is Google's 13.")
seed_region_case(c, *GOOGLE, 13, *PHONE, base=21)
c.figure("longitudeDelta", d(gg[1]), "matches", "px 1 at zoom 20 seed512", "Google's zoom-13 span, to the seed's rounding")
c.figure("latitudeDelta", d(gg[0]), "matches", "px 1 at zoom 20 seed512", "Google's zoom-13 rows, to the seed's rounding")
add(F2, c)

GETTER = "comment 8 (the ZoomLevelGetter)"
c = Case("constant-max-google-levels", S002, GETTER, "double zoomer = MAX_GOOGLE_LEVELS \u2013 log2( zoomScale );", "constant", "api", method="derived: the value that makes the getter invert the setter's 2^(20 - zoomLevel)")
c.note("The comment never defines MAX_GOOGLE_LEVELS; 20 is the only value for which it inverts the setter (seed-getter-roundtrip-georgia-tech-zoom14).")
c.inp("name", "maxGoogleLevels").expect("value", 20, "exact", "an integer")
add(F2, c)

sr = Z.seed_region(*GT, 14, *PHONE)
for scale in (1, 2):
    c = Case(f"seed-getter-roundtrip-georgia-tech-zoom14-at{scale}x", S002, GETTER, ["CGFloat mapWidthInPixels = self.bounds.size.width*2;//2 is for retina display", "double zoomScale = longitudeDelta * MERCATOR_RADIUS * M_PI / (180.0 * mapWidthInPixels);"], "zoom-roundtrip", "seed", verdict="defect getter-retina-factor", method=M_SEED + "; log2 correctly rounded")
    c.note("The setter's region at 14 reads back as 15: the width is in points and zoom levels are per point, so the hidden 2 adds a level" + (" even on a 2x screen (the seed ignores the real scale)." if scale == 2 else " on a 1x screen."))
    frac, lvl = Z.seed_getter(sr[1], 320)
    c.inp("center", *GT).inp("zoom", 14).inp("viewport", *PHONE, scale).inp("convention", "seed512")
    c.expect("zoom", frac, *T_ZOOM).expect("level", lvl, "exact", "an integer")
    c.correct("level", 14, "exact", "the zoom the region was set at")
    add(F2, c)

c = Case("corrected-getter-roundtrip-georgia-tech-zoom14", S002, GETTER, "For those who need to get zoom level, use that code :", "zoom-roundtrip", "corrected", method="exact: 360·w/(512·Δλ) = 2^14")
c.inp("center", *GT).inp("zoom", 14).inp("viewport", *PHONE, 2).inp("convention", "seed512")
c.expect("zoom", 14, "exact", "log2 of an exact power of two").expect("level", 14, "exact", "an integer")
add(F2, c)

c = Case("seed-getter-clamps-below-zero", S002, GETTER, "if ( zoomer < 0 ) zoomer = 0;", "zoom", "seed", method=M_SEED)
frac, lvl = Z.seed_getter(360, 100)
c.inp("center", 0, 0).inp("span", 170, 360).inp("viewport", 100, 100).inp("convention", "seed512")
c.expect("zoom", frac, *T_ZOOM).expect("level", 0, "exact", "clamped: a 360-degree span on a 100-pt view is below zoom 0")
add(F2, c)

c = Case("seed-getter-zero-span-is-undefined", S002, GETTER, "return (int)zoomer;", "zoom", "seed", method="api: SeedPort.getZoomLevel throws where (int) of +inf is undefined behaviour")
c.inp("center", 0, 0).inp("span", 0, 0).inp("viewport", *PHONE).inp("convention", "seed512").error("invalid-span")
add(F2, c)

c = Case("corrected-getter-zero-span", S002, GETTER, "CLLocationDegrees longitudeDelta = self.region.span.longitudeDelta;", "zoom", "corrected", method="api: WebMercator.zoom(of:) needs longitudeDelta > 0")
c.inp("center", 0, 0).inp("span", 0, 0).inp("viewport", *PHONE).inp("convention", "seed512").error("invalid-span")
add(F2, c)

# ---------------------------------------------------------------- 003: Apple ---------------
GEOM = '"Understanding Map Geometry" / "Setting the Visible Portion of the Map"'
R_WGS = 6378137
M_GROUND = "exact: 2πR/360 per degree on a sphere of R = 6378137 m (MapKit's MKMetersPerMapPointAtLatitude radius), times cos φ for longitude"
for cid, axis, lat, fig, rel in [("ground-length-latitude-degree", "latitude", 0, 111, "matches"),
                                 ("ground-length-longitude-degree-equator", "longitude", 0, 111, "matches"),
                                 ("ground-length-longitude-degree-pole", "longitude", 90, 0, "matches")]:
    quote = "One degree of latitude is equivalent to approximately 111 kilometers" if axis == "latitude" else ("At the equator, one degree of longitude is equivalent to approximately 111 kilometers" if lat == 0 else "but at the poles this value is zero.")
    c = Case(cid, S003, GEOM, quote, "ground-length", "api", method=M_GROUND)
    c.note("Measured on the map: map points between the two ends (MapKitGeometry.mapPoint) times metres per map point at the latitude.")
    c.inp("latitude", lat).inp("axis", axis).inp("degrees", 1).inp("radius", R_WGS)
    exact_km = 2 * mpmath.pi * R_WGS / 360 / 1000 * (mpmath.cos(mpmath.radians(lat)) if axis == "longitude" else 1)
    if lat == 90:
        c.expect("kilometres", 0, "abs 1e-9 km", "cos 90° is 6.1e-17 in double")
    else:
        c.expect("kilometres", d(exact_km), "abs 0.01 km" if axis == "latitude" else "rel 1e-12", "a degree of latitude measured on the Mercator map is off by (Δφ)²/24 relative" if axis == "latitude" else "the difference of two map-point x near 2^27 (ulp 3e-8) over 745654 map points: relative 4e-14")
    c.figure("kilometres", fig, rel, "abs 0.5 km", "\"approximately 111\": 111.32 rounds to 111")
    add(F3, c)

c = Case("map-point-prime-meridian", S003, '"Map Coordinate Systems"', "The projection used by Map Kit uses the Prime Meridian as its central meridian.", "map-point", "api", method="exact: (λ + 180)/360 · 2^28 and 2^27 at the equator")
c.inp("coordinate", 0, 0).expect("x", 134217728, "exact", "half of 2^28").expect("y", 134217728, "exact", "ψ(0) = 0")
add(F3, c)

for impl in ("corrected", "seed"):
    c = Case(f"{impl}-doubling-span-zooms-out-one-level", S003, '"Zooming and Panning the Map Content"', ["if the current span is one degree, specifying a span of two degrees zooms out by a factor of two:", "theRegion.span.longitudeDelta *= 2.0;"], "span-scale", impl, method="exact: log2 halves by exactly one" if impl == "corrected" else M_SEED)
    c.inp("center", *GT).inp("span", 1, 1).inp("viewport", *PHONE).inp("convention", "seed512").inp("factor", 2)
    z1 = Z.seed_getter(1, 320) if impl == "seed" else None
    c.expect("zoomChange", -1, "abs 4e-15" if impl == "corrected" else "abs 1e-12", "two values of the platform's log2 near 7.8 one apart, each within 2 ulps (8.9e-16)")
    c.expect("levelChange", -1, "exact", "an integer")
    c.figure("zoomChange", -1, "matches", "abs 1e-12", "a factor of two is one zoom level")
    add(F3, c)

# ---------------------------------------------------------------- 004: fit -----------------
FIT = '"Size an MKMapView to Fit its Annotations", the code'
for name, value, quote in [("minimumZoomArc", 0.014, "#define MINIMUM_ZOOM_ARC 0.014 //approximately 1 miles (1 degree of arc ~= 69 miles)"),
                           ("annotationRegionPadFactor", 1.15, "#define ANNOTATION_REGION_PAD_FACTOR 1.15"),
                           ("maxDegreesArc", 360, "#define MAX_DEGREES_ARC 360")]:
    c = Case(f"constant-{name}", S004, FIT, quote, "constant", "api", method=M_LIT)
    c.inp("name", name).expect("value", value, "exact", "the literal as a double")
    add(F4, c)

for cid, deg, fig, tol, quote in [("ground-length-69-miles-per-degree", 1, 69, "abs 0.5 mi", "(1 degree of arc ~= 69 miles)"),
                                  ("ground-length-minimum-zoom-arc-one-mile", 0.014, 1, "abs 0.05 mi", "#define MINIMUM_ZOOM_ARC 0.014 //approximately 1 miles")]:
    c = Case(cid, S004, FIT, quote, "ground-length", "api", method=M_GROUND + "; 1 mi = 1609.344 m")
    c.inp("latitude", 0).inp("axis", "latitude").inp("degrees", deg).inp("radius", R_WGS)
    mi = 2 * mpmath.pi * R_WGS / 360 * deg / mpmath.mpf("1609.344")
    c.expect("miles", d(mi), "rel 1e-4", "a degree of latitude measured on the Mercator map is off by (Δφ)²/24 relative")
    c.figure("miles", fig, "matches", tol, "\"~=\" / \"approximately\": 69.17 and 0.968")
    add(F4, c)

SUVA, APIA = (-18.1416, 178.4419), (-13.8333, -171.7667)
for impl in ("seed", "corrected"):
    verdict = "defect fit-ignores-antimeridian" if impl == "seed" else "holds"
    c = Case(f"{impl}-fit-far-east-far-west-shagin", S004, "comment 2 (Konstantin Shagin)", "when there are two annotations, one located too far to the East and another located too far to the West, the map view does not zoom out enough to show them both on screen?", "fit", impl, verdict=verdict, method=("exact: mpmath of the bounding map rect, MKCoordinateRegionForMapRect, pad and clamps" if impl == "seed" else M_EXACT))
    c.note("Suva (-18.1416, 178.4419) and Apia (-13.8333, -171.7667) are illustrative: the comment names no places. They are 9.8 degrees apart across the antimeridian.")
    c.inp("point", *SUVA).inp("point", *APIA)
    sf, cf = Z.seed_fit([SUVA, APIA]), Z.corrected_fit([SUVA, APIA])
    f = sf if impl == "seed" else cf
    c.expect("centerLatitude", d(f[0]), "abs 1e-12 deg", "latitudes within a few ulps")
    c.expect("centerLongitude", d(f[1]), "abs 1e-12 deg", "a longitude within a few ulps")
    c.expect("latitudeDelta", d(f[2]), "abs 1e-12 deg", "padded difference of latitudes")
    c.expect("longitudeDelta", d(f[3]), "abs 1e-12 deg", "padded arc" if impl == "corrected" else "350° padded to 403°, clamped to MAX_DEGREES_ARC")
    if impl == "seed":
        c.correct("centerLongitude", d(cf[1]), "abs 1 deg", "the short way round is centred near the antimeridian")
        c.correct("longitudeDelta", d(cf[3]), "abs 1 deg", "9.8 degrees padded by 1.15")
    c.expect("containsAll", True, "exact", "both points are inside (the seed's only because it shows the whole world)")
    add(F4, c)

for impl in ("seed", "corrected"):
    c = Case(f"{impl}-fit-single-annotation", S004, FIT, ["//and if there is a sample of 1 we want the max zoom-in instead of max zoom-out", "region.span.latitudeDelta = MINIMUM_ZOOM_ARC;"], "fit", impl, method="exact: the point itself and 0.014")
    c.inp("point", *GT)
    c.expect("centerLatitude", GT[0], "ulps 4" if impl == "seed" else "exact", "a map-point round trip" if impl == "seed" else "the mean of one latitude")
    c.expect("centerLongitude", GT[1], "ulps 4" if impl == "seed" else "exact", "a map-point round trip" if impl == "seed" else "the arc of one longitude")
    c.expect("latitudeDelta", 0.014, "exact", "MINIMUM_ZOOM_ARC").expect("longitudeDelta", 0.014, "exact", "MINIMUM_ZOOM_ARC")
    add(F4, c)

CLOSE = [(33.7773, -84.3973), (33.7780, -84.3960)]
for impl in ("seed", "corrected"):
    c = Case(f"{impl}-fit-minimum-zoom-arc", S004, FIT, ["//and don't zoom in stupid-close on small samples", "if( region.span.latitudeDelta  < MINIMUM_ZOOM_ARC ) { region.span.latitudeDelta  = MINIMUM_ZOOM_ARC; }"], "fit", impl, method="exact: both padded deltas are below 0.014")
    c.note("Two points on the Georgia Tech campus, 0.0007 and 0.0013 degrees apart.")
    for p in CLOSE:
        c.inp("point", *p)
    c.expect("latitudeDelta", 0.014, "exact", "raised to MINIMUM_ZOOM_ARC").expect("longitudeDelta", 0.014, "exact", "raised to MINIMUM_ZOOM_ARC")
    c.expect("containsAll", True, "exact", "the box holds both")
    add(F4, c)

POLES = [(-80.0, 0.0), (80.0, 0.0)]
sf, cf = Z.seed_fit(POLES), Z.corrected_fit(POLES)
c = Case("seed-fit-latitude-clamped-at-360", S004, FIT, ["//but padding can't be bigger than the world", "if( region.span.latitudeDelta > MAX_DEGREES_ARC ) { region.span.latitudeDelta  = MAX_DEGREES_ARC; }"], "fit", "seed", verdict="defect fit-latitude-clamp-360", method="exact: mpmath of the bounding map rect and the padding")
c.note("Latitude is clamped at 360 like longitude, so 160 degrees padded to 184 passes: the region reaches past both poles.")
for p in POLES:
    c.inp("point", *p)
c.expect("latitudeDelta", d(sf[2]), "ulps 4", "160 · 1.15 with the corner latitudes a few ulps off")
c.expect("valid", False, "exact", "latitudeDelta over 180").expect("violations", Z.region_valid(*sf), "exact", "the rules it breaks")
c.correct("latitudeDelta", 180, "abs 1e-9 deg", "at most 180, and at most 2 (90 - |centre|)")
add(F4, c)

c = Case("corrected-fit-latitude-pole-limited", S004, FIT, "//but padding can't be bigger than the world", "fit", "corrected")
for p in POLES:
    c.inp("point", *p)
c.expect("latitudeDelta", d(cf[2]), "exact", "2 (90 - 0) = 180, exact").expect("valid", True, "exact", "within the poles")
c.expect("containsAll", True, "exact", "both points inside")
add(F4, c)

for impl in ("seed", "corrected"):
    c = Case(f"{impl}-fit-no-annotations", S004, FIT, "if ( count == 0) { return; } //bail if no annotations", "fit", impl, method="api: both throw empty-input")
    c.error("empty-input")
    add(F4, c)

# ---------------------------------------------------------------- 005: bad input -----------
ARGS = '"Set the Zoom Level of an MKMapView", the category\'s parameters'
for cid, op, inputs, code, quote in [
        ("corrected-project-nan-latitude", "project", [("coordinate", "nan", 0), ("zoom", 20), ("convention", "seed512")], "invalid-latitude", "- (double)latitudeToPixelSpaceY:(double)latitude"),
        ("corrected-project-infinite-longitude", "project", [("coordinate", 0, "inf"), ("zoom", 20), ("convention", "seed512")], "invalid-longitude", "- (double)longitudeToPixelSpaceX:(double)longitude"),
        ("corrected-project-minus-infinite-latitude", "project", [("coordinate", "-inf", 0), ("zoom", 20), ("convention", "seed512")], "invalid-latitude", "- (double)latitudeToPixelSpaceY:(double)latitude"),
        ("corrected-project-latitude-91", "project", [("coordinate", 91, 0), ("zoom", 20), ("convention", "seed512")], "invalid-latitude", "- (double)latitudeToPixelSpaceY:(double)latitude"),
        ("corrected-project-pole-is-an-error", "project", [("coordinate", 90, 0), ("zoom", 20), ("convention", "seed512")], "invalid-latitude", "y = round(MERCATOR_OFFSET - MERCATOR_RADIUS * logf((1 + sinf(latitude * M_PI / 180.0)) / (1 - sinf(latitude * M_PI / 180.0))) / 2.0);"),
        ("corrected-project-longitude-181", "project", [("coordinate", 0, 181), ("zoom", 20), ("convention", "seed512")], "invalid-longitude", "- (double)longitudeToPixelSpaceX:(double)longitude"),
        ("corrected-region-zoom-minus-1", "region", [("center", *GT), ("zoom", -1), ("viewport", *PHONE), ("convention", "seed512")], "invalid-zoom", "andZoomLevel:(NSUInteger)zoomLevel"),
        ("corrected-region-zoom-29", "region", [("center", *GT), ("zoom", 29), ("viewport", *PHONE), ("convention", "seed512")], "invalid-zoom", "zoomLevel = MIN(zoomLevel, 28);"),
        ("corrected-region-zero-viewport", "region", [("center", *GT), ("zoom", 14), ("viewport", 0, 0), ("convention", "seed512")], "invalid-viewport", "CGSize mapSizeInPixels = mapView.bounds.size;"),
        ("corrected-region-latitude-91", "region", [("center", 91, 0), ("zoom", 14), ("viewport", *PHONE), ("convention", "seed512")], "invalid-latitude", "- (void)setCenterCoordinate:(CLLocationCoordinate2D)centerCoordinate"),
        ("corrected-fit-nan-point", "fit", [("point", "nan", 0)], "invalid-latitude", "CLLocationCoordinate2D coordinate = [(id <MKAnnotation>)[annotations objectAtIndex:i] coordinate];"),
        ("seed-project-other-zoom-unsupported", "project", [("coordinate", *GT), ("zoom", 14), ("convention", "seed512")], "unsupported", "// Convert latitude and longitude to pixel values at zoom level 20"),
        ("seed-region-infinite-zoom", "region", [("center", *GT), ("zoom", "inf"), ("viewport", *PHONE), ("convention", "seed512")], "invalid-zoom", "zoomLevel:(NSUInteger)zoomLevel"),
        ("seed-region-zoom-beyond-nsuinteger", "region", [("center", *GT), ("zoom", "1e30"), ("viewport", *PHONE), ("convention", "seed512")], "invalid-zoom", "zoomLevel:(NSUInteger)zoomLevel")]:
    impl = "seed" if cid.startswith("seed") else "corrected"
    src = S004 if op == "fit" else S000
    c = Case(cid, src, FIT if op == "fit" else ARGS, quote, op, impl, method="api: the documented error code (PROTOCOL.md)")
    for item in inputs:
        c.inp(*item)
    c.error(code)
    add(F5, c)

c = Case("seed-project-nan-propagates", S000, ARGS, "- (double)latitudeToPixelSpaceY:(double)latitude", "project", "seed", method="IEEE: NaN propagates through sinf/logf/round")
c.note("The port never traps: a NaN coordinate comes back as NaN pixels, as the C code would return them.")
c.inp("coordinate", "nan", "nan").inp("zoom", 20).inp("convention", "seed512")
c.expect("x", "nan", "exact", "NaN only matches NaN").expect("y", "nan", "exact", "NaN only matches NaN")
add(F5, c)

c = Case("seed-project-pole-is-minus-infinity", S000, ARGS, "y = round(MERCATOR_OFFSET - MERCATOR_RADIUS * logf((1 + sinf(latitude * M_PI / 180.0)) / (1 - sinf(latitude * M_PI / 180.0))) / 2.0);", "project", "seed", method="float32: sinf of the float nearest π/2 is 1, 1 - 1 = 0, logf(+inf) = +inf")
c.note("The port's documented outcome, not a crash: at 90 degrees (and from about 89.98 degrees, where sinf rounds to 1) the quotient divides by zero. The corrected core refuses the input (corrected-project-pole-is-an-error).")
c.inp("coordinate", 90, 0).inp("zoom", 20).inp("convention", "seed512")
c.expect("y", "-inf", "exact", "-inf matches only -inf")
c.expect("x", 268435456, "exact", "longitude 0 is the offset")
add(F5, c)
