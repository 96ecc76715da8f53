"""The hand-made part of the standard map: dividing lines, seeds, islands,
straits and the warp's control points.  All coordinates are (lon, lat) degrees.

How provinces are made (see ``build.py``): every country border of Natural
Earth plus the dividing lines below are noded and polygonized; each resulting
face is labelled by the seed point it contains, else by ``COUNTRY_PROVINCE``
(countries that are one province, or impassable), else it joins the
neighbouring face it shares the longest border with.  Where a province follows
a modern border no line is drawn: the border is used as is.

Land lines are clipped to land and sea lines to water, so they are drawn
overshooting the coast a little.  Lines ending on a country border overshoot
into the neighbour; the sliver this makes is absorbed by the neighbour.

Labels: a label starting with ``!`` is impassable land, ``~`` impassable water
(strait water that belongs to no province), ``-`` is dropped (small islands
merged into the surrounding sea).
"""

# --------------------------------------------------------------------------
# Junctions shared by several lines (exactly equal coordinates node cleanly)
J = {
    "cly_edi_lvp": (-3.7, 55.55), "edi_lvp_yor": (-2.6, 55.15),
    "lvp_yor_wal": (-2.3, 53.2), "wal_yor_lon": (-1.3, 52.5),
    "bre_pic_par": (0.4, 48.7), "pic_par_bur": (3.2, 49.15),
    "bre_par_gas": (0.2, 47.3), "par_gas_bur": (3.0, 47.0),
    "bur_gas_mar": (3.5, 45.5),
    "ruh_kie_mun": (9.0, 50.5), "kie_mun_ber": (11.3, 50.6),
    "sil_pru_war": (18.0, 52.7), "sil_war_gal": (19.4, 50.7),
    "war_gal_ukr": (24.4, 50.8), "ukr_sev_mos": (38.2, 50.4),
    "pie_tyr_ven": (10.55, 45.8), "pie_ven_tus": (10.3, 44.5),
    "ven_tus_rom": (12.1, 43.8), "ven_rom_apu": (13.3, 42.6),
    "apu_rom_nap": (14.4, 41.6), "ank_smy_arm": (35.6, 39.2),
    "eng_iri_mao": (-6.3, 49.5), "iri_mao_nao": (-11.0, 50.6),
    "lyo_wes_tys": (8.0, 40.6),
}

LAND_LINES = {
    "cly/edi": [(-4.2, 58.75), (-4.4, 58.0), (-4.7, 57.4), (-4.3, 56.9), (-4.0, 56.4), (-3.8, 56.0), "cly_edi_lvp"],
    "cly/lvp": ["cly_edi_lvp", (-4.3, 55.62), (-5.0, 55.65)],
    "edi/lvp": ["cly_edi_lvp", (-3.0, 55.3), "edi_lvp_yor"],
    "edi/yor": ["edi_lvp_yor", (-2.0, 55.3), (-1.2, 55.4)],
    "lvp/yor": ["edi_lvp_yor", (-2.4, 54.5), (-2.2, 53.9), "lvp_yor_wal"],
    "lvp/wal": ["lvp_yor_wal", (-2.9, 53.2), (-3.15, 53.4)],
    "wal/yor": ["lvp_yor_wal", (-1.8, 52.9), "wal_yor_lon"],
    "yor/lon": ["wal_yor_lon", (-0.6, 52.6), (0.3, 52.95)],
    "wal/lon": ["wal_yor_lon", (-1.6, 52.0), (-2.0, 51.4), (-2.2, 50.9), (-2.3, 50.4)],
    "bre/pic": [(-0.3, 49.6), (-0.1, 49.2), "bre_pic_par"],
    "pic/par": ["bre_pic_par", (1.5, 49.0), (2.5, 49.2), "pic_par_bur"],
    "pic/bur": ["pic_par_bur", (3.6, 49.7), (4.0, 50.3), (4.1, 50.45)],
    "bre/par": ["bre_pic_par", (0.5, 48.0), "bre_par_gas"],
    "bre/gas": ["bre_par_gas", (-1.2, 47.1), (-2.4, 47.1)],
    "par/gas": ["bre_par_gas", (1.5, 47.1), "par_gas_bur"],
    "par/bur": ["pic_par_bur", (3.3, 48.3), "par_gas_bur"],
    "bur/gas": ["par_gas_bur", (3.4, 46.2), "bur_gas_mar"],
    "gas/mar": ["bur_gas_mar", (3.0, 44.3), (2.3, 43.3), (2.0, 42.2)],
    "bur/mar": ["bur_gas_mar", (4.8, 45.7), (5.8, 45.9), (6.5, 46.2), (7.1, 46.0)],
    "ruh/kie": [(6.6, 52.45), (8.0, 52.2), (9.0, 51.6), "ruh_kie_mun"],
    "ruh/mun": ["ruh_kie_mun", (8.6, 49.9), (8.3, 49.3), (7.9, 48.8)],
    "kie/mun": ["ruh_kie_mun", (10.0, 50.4), "kie_mun_ber"],
    "kie/ber": ["kie_mun_ber", (11.5, 51.4), (11.2, 52.3), (11.0, 53.3), (10.95, 54.15)],
    "ber/mun": ["kie_mun_ber", (12.5, 51.3), (13.8, 51.5), (15.1, 51.6)],
    "sil/pru": [(14.4, 52.6), (16.0, 52.7), (17.2, 52.85), "sil_pru_war"],
    "sil/war": ["sil_pru_war", (18.2, 51.8), (18.7, 51.1), "sil_war_gal"],
    "sil/gal": ["sil_war_gal", (18.7, 50.3), (17.9, 49.95)],
    "pru/war": ["sil_pru_war", (19.5, 53.1), (21.0, 53.2), (22.5, 53.7), (23.3, 54.25)],
    "war/gal": ["sil_war_gal", (20.5, 50.9), (22.0, 51.0), (23.3, 50.9), "war_gal_ukr"],
    "gal/ukr": ["war_gal_ukr", (25.2, 50.2), (25.7, 49.3), (26.3, 48.5), (26.7, 48.15)],
    "ukr/sev": [(29.9, 46.6), (31.5, 47.3), (34.0, 47.9), (36.0, 49.0), "ukr_sev_mos"],
    "mos/sev": ["ukr_sev_mos", (41.0, 50.5), (45.0, 51.0), (50.0, 51.5), (60.0, 52.0), (80.0, 52.0)],
    "stp/mos": [(27.1, 57.55), (28.5, 57.7), (31.0, 58.0), (34.0, 58.6), (38.0, 59.6),
                (43.0, 61.0), (50.0, 62.0), (60.0, 63.0), (80.0, 64.0)],
    "vie/gal": [(17.9, 49.3), (18.4, 48.8), (18.7, 48.3), (18.8, 47.7)],
    "tyr/vie": [(14.7, 48.8), (14.5, 48.0), (14.6, 47.4), (15.1, 46.9), (15.3, 46.5)],
    "tyr/pie": [(9.95, 46.5), (10.3, 46.2), "pie_tyr_ven"],
    "tyr/ven": ["pie_tyr_ven", (11.2, 45.85), (11.9, 46.1), (12.5, 46.45), (12.75, 46.75)],
    "pie/ven": ["pie_tyr_ven", (10.5, 45.2), "pie_ven_tus"],
    "pie/tus": ["pie_ven_tus", (9.95, 44.2), (9.75, 43.95)],
    "ven/tus": ["pie_ven_tus", (11.2, 44.2), "ven_tus_rom"],
    "tus/rom": ["ven_tus_rom", (11.6, 43.0), (11.0, 42.25)],
    "ven/rom": ["ven_tus_rom", (12.7, 43.2), "ven_rom_apu"],
    "ven/apu": ["ven_rom_apu", (14.1, 42.8)],
    "apu/rom": ["ven_rom_apu", (13.9, 42.0), "apu_rom_nap"],
    "rom/nap": ["apu_rom_nap", (13.9, 41.3), (13.6, 41.1)],
    "nap/apu": ["apu_rom_nap", (15.3, 41.0), (16.2, 40.4), (16.8, 40.1)],
    "gre/bul": [(24.3, 41.6), (24.6, 41.1), (24.75, 40.75)],
    "ank/smy": [(29.0, 40.8), (29.5, 40.3), (31.0, 39.9), (33.0, 39.4), "ank_smy_arm"],
    "ank/arm": ["ank_smy_arm", (36.5, 40.2), (37.4, 41.3)],
    "smy/arm": ["ank_smy_arm", (36.8, 38.3), (37.3, 36.5)],
}

SEA_LINES = {
    "nao/nwg": [(-5.05, 58.35), (-7.0, 60.2), (-14.5, 65.0), (-18.0, 67.5), (-30.0, 72.0), (-50.0, 78.0)],
    "nwg/bar": [(25.0, 70.0), (25.0, 70.95), (22.0, 74.0), (15.0, 82.0)],
    "nth/nwg": [(-3.2, 58.6), (0.5, 60.3), (5.3, 61.5)],
    "nth/ska": [(7.1, 58.1), (8.8, 57.0)],
    "ska/straits": [(10.5, 56.3), (11.3, 55.85), (11.6, 55.7)],
    "ska/oresund": [(12.55, 56.05), (12.75, 56.1)],
    "bal/straits": [(9.6, 54.9), (10.3, 55.05), (10.8, 54.9), (11.1, 54.75), (11.9, 54.7),
                    (12.1, 54.85), (12.3, 54.95), (12.5, 55.0), (12.4, 55.3), (12.95, 55.45)],
    "hel/nth": [(8.15, 55.6), (7.0, 54.6), (6.3, 53.35)],
    # ends mid-way along Belgium's coast (not on the Picardy corner), so
    # that the Channel and the North Sea both border Belgium visibly
    "nth/eng": [(1.2, 51.3), (3.2, 51.24)],
    "eng/iri": [(-5.65, 50.1), "eng_iri_mao"],
    "eng/mao": ["eng_iri_mao", (-4.6, 48.45)],
    "iri/mao": ["eng_iri_mao", (-9.5, 50.3), "iri_mao_nao"],
    "mao/nao": ["iri_mao_nao", (-20.0, 50.0), (-40.0, 48.0)],
    "iri/nao": ["iri_mao_nao", (-9.8, 51.7)],
    "iri/nao-n": [(-6.0, 54.95), (-4.95, 54.75)],
    "mao/wes": [(-4.4, 36.8), (-3.95, 35.15)],
    "wes/lyo": [(-0.2, 40.1), (4.3, 40.4), "lyo_wes_tys"],
    "lyo/tys": ["lyo_wes_tys", (8.5, 40.7), (9.2, 41.3), (9.4, 42.0), (9.35, 42.9), (10.55, 43.0)],
    "wes/tys": ["lyo_wes_tys", (8.5, 38.5), (9.4, 37.1)],
    "tys/ion": [(10.95, 36.95), (12.6, 37.8)],
    "tys/ion-messina": [(15.5, 38.2), (15.9, 38.4)],
    "adr/ion": [(18.4, 40.1), (19.6, 40.3)],
    "ion/aeg": [(22.8, 37.0), (23.15, 36.5), (23.7, 35.35)],
    "ion/eas": [(24.5, 35.2), (24.5, 31.8)],
    "aeg/eas": [(26.1, 35.2), (27.3, 35.9), (28.4, 37.0)],
    "bosporus": [(28.95, 41.2), (29.2, 41.18)],
    "dardanelles": [(26.25, 40.1), (26.15, 39.95), (26.3, 39.9)],
    "bal/bot": [(18.6, 60.1), (20.2, 59.8), (22.5, 59.55), (23.6, 59.1), (24.0, 58.9)],
}

# --------------------------------------------------------------------------
# Seeds: a face containing one of these points gets that label.
SEEDS = {
    "cly": [(-4.8, 57.2)], "edi": [(-3.3, 57.2)], "lvp": [(-2.8, 54.2)],
    "yor": [(-1.3, 54.0)], "wal": [(-3.6, 52.2)], "lon": [(0.2, 51.8)],
    "bre": [(-2.8, 48.1)], "pic": [(1.8, 49.8)], "par": [(2.0, 48.3)],
    "bur": [(4.8, 47.5)], "gas": [(0.0, 44.5)], "mar": [(5.3, 43.8)],
    "kie": [(9.5, 52.8)], "ber": [(13.0, 52.7), (13.4, 54.45)],
    "mun": [(11.0, 48.6)], "ruh": [(7.3, 51.0)],
    "sil": [(16.5, 51.3)], "pru": [(19.5, 54.0), (21.0, 54.7)],
    "war": [(21.0, 52.0)], "gal": [(22.0, 50.0), (24.0, 49.5), (20.5, 48.8)],
    "ukr": [(30.0, 49.5)], "sev": [(34.5, 46.7)], "mos": [(40.0, 55.0)],
    "stp": [(32.0, 63.0)],
    "tyr": [(11.5, 47.2), (11.3, 46.5)], "vie": [(16.0, 48.0), (17.5, 48.4)],
    "pie": [(8.5, 45.2)], "ven": [(12.0, 45.5)], "tus": [(11.2, 43.4)],
    "rom": [(12.8, 42.0)], "nap": [(15.5, 40.6), (14.2, 37.5)], "apu": [(16.5, 41.0)],
    "con": [(27.5, 41.3)], "ank": [(32.9, 40.0)], "smy": [(29.0, 38.5)],
    "arm": [(40.0, 39.5)], "bul": [(25.5, 41.1)],
    # seas
    "nao": [(-25.0, 55.0)], "nwg": [(0.0, 66.0)], "bar": [(35.0, 70.0)],
    "nth": [(3.0, 56.0)], "ska": [(10.0, 58.0)], "hel": [(7.8, 54.2)],
    "bal": [(17.0, 55.5)], "bot": [(20.0, 62.0)], "eng": [(-2.0, 50.0)],
    "iri": [(-5.5, 52.0)], "mao": [(-10.0, 42.0), (-14.0, 47.0)], "wes": [(4.0, 38.0)],
    "lyo": [(5.0, 42.5)], "tys": [(12.0, 40.0)], "ion": [(19.0, 36.0)],
    "adr": [(15.0, 43.0)], "aeg": [(25.0, 38.5)], "eas": [(32.0, 34.0)],
    "bla": [(34.0, 43.0)],
    # impassable
    "!cor": [(9.1, 42.1)], "!sar": [(9.0, 40.0)],
    "!blr": [(2.9, 39.6), (4.1, 39.95), (1.4, 38.98)],
    "!cre": [(24.9, 35.2)], "!rho": [(28.0, 36.2), (27.15, 35.6)],
    "~mar": [(28.0, 40.7)], "~dan": [(10.9, 55.5), (12.8, 55.75)],
    # dropped: Lesbos (Greek) lies 2 px off Smyrna's coast, a near miss
    # between provinces that are not adjacent
    "-": [(26.45, 39.2)],
}

# Countries that are a single province, or impassable, or dropped.
COUNTRY_PROVINCE = {
    "Norway": "nwy", "Sweden": "swe", "Finland": "fin", "Denmark": "den",
    "Netherlands": "hol", "Belgium": "bel", "Luxembourg": "bel",
    "Portugal": "por", "Spain": "spa", "Andorra": "spa", "Liechtenstein": "tyr",
    "Albania": "alb", "Kosovo": "ser", "Macedonia": "ser", "Serbia": "ser",
    "Montenegro": "tri", "Bosnia and Herz.": "tri", "Croatia": "tri", "Slovenia": "tri",
    "Monaco": "mar", "San Marino": "ven", "Vatican": "rom",
    "Tunisia": "tun", "Morocco": "naf", "Algeria": "naf",
    "Estonia": "lvn", "Latvia": "lvn", "Lithuania": "lvn", "Czechia": "boh",
    "Hungary": "bud", "Romania": "rum", "Moldova": "ukr", "Belarus": "war",
    "Bulgaria": "bul", "Greece": "gre", "Lebanon": "syr", "Syria": "syr",
    "Georgia": "arm", "Armenia": "arm", "Azerbaijan": "arm",
    "Switzerland": "!swi", "Ireland": "!irl", "Iceland": "!ice",
    "Cyprus": "!cyp", "N. Cyprus": "!cyp", "Åland": "!ala",
    "Greenland": "!grl",
    "Libya": "!afr", "Egypt": "!afr", "W. Sahara": "!afr", "Mauritania": "!afr",
    "Mali": "!afr", "Niger": "!afr", "Chad": "!afr", "Sudan": "!afr",
    "Israel": "!mde", "Palestine": "!mde", "Jordan": "!mde", "Iraq": "!mde",
    "Iran": "!mde", "Saudi Arabia": "!mde", "Kazakhstan": "!kaz",
    "Turkmenistan": "!kaz", "Uzbekistan": "!kaz",
    "Malta": "-", "Faeroe Is.": "-", "Isle of Man": "-", "Guernsey": "-", "Jersey": "-",
}

# Land connections across water that the game has (drawn as markers).
STRAITS = [
    ("den", "swe", (12.35, 55.9), (12.95, 55.9)),
    ("con", "ank", (28.9, 41.05), (29.25, 41.05)),
    ("con", "smy", (26.45, 40.35), (26.6, 40.1)),
]

# Board frame: lon/lat points whose warped positions bound the board.
FRAME_HINTS = {"west": (-20.0, 50.0), "east": (44.0, 47.0), "north": (22.0, 71.5), "south": (3.0, 31.0)}
BOARD_WIDTH = 1000.0

# Warp: fisheye centre (lon, lat), radius (km), strength; control points
# (lon, lat, dx, dy) in board pixels, Gaussian radius in board pixels.
FISHEYE = ((11.0, 50.0), 1500.0, 1.0)
WARP_POINTS: list[tuple[float, float, float, float]] = []
RBF_RADIUS = 80.0
# Lenses (lon, lat, radius px, gain): local magnification of crowded corners.
LENSES = [
    (-3.5, 55.3, 85.0, 1.0),    # Britain: Clyde, Edinburgh, Liverpool
    (16.0, 40.8, 45.0, 0.45),   # southern Italy: Apulia, Naples
    (27.5, 41.0, 40.0, 0.45),   # Constantinople and the straits
    (11.0, 55.6, 35.0, 0.5),    # Denmark and the belts
    (2.7, 51.15, 30.0, 1.0),    # Flanders: Belgium's coast between the Channel and the North Sea
]
