"""The Isles: a small map for two or three players to learn the multiverse on.

England, Scotland and Ireland around the Irish Sea: 12 land provinces, 6 seas,
11 supply centres, 6 to win.  Every nation starts with an army and a fleet
and has two neutral centres next to its homes: Wales and York for England,
the Highlands and York for Scotland (York is contested), Connacht and Ulster
for Ireland, which must convoy to grow beyond its island.  The first autumns
are decided in a few moves and time travel comes early.

Drawn for this project from Natural Earth; the dividing lines below are ours
(loosely the historic provinces and the Highland line).  Coordinates are
(lon, lat) degrees; see ``standard.py`` for how the names are used.
"""

PROJECTION = (-4.5, 54.5, 50.0, 58.0)
LONLAT_CLIP = (-16.0, 46.0, 6.0, 62.0)
FISHEYE = ((-4.5, 54.5), 4000.0, 0.05)   # all but flat
# a small board: units and labels (drawn at a fixed size in board units) read
# larger against provinces that are all roomy
BOARD_WIDTH = 700.0
FRAME_HINTS = {"west": (-11.6, 53.5), "east": (2.3, 53.0), "north": (-4.0, 59.0), "south": (-3.0, 49.45)}

J = {
    "hig_gla_edi": (-4.1, 56.25),
    "gla_edi_lan": (-3.05, 55.05),
    "edi_lan_yor": (-2.55, 55.2),
    "lan_yor_lon": (-1.4, 52.9),
    "lan_wes_lon": (-1.65, 52.1),
    "lan_wal_wes": (-2.95, 52.45),
    "cnn_dub_crk": (-8.0, 52.95),
}

LAND_LINES = {
    "hig/gla": [(-5.9, 56.45), (-5.2, 56.35), (-4.6, 56.3), "hig_gla_edi"],
    "hig/edi": ["hig_gla_edi", (-3.5, 56.55), (-2.8, 56.8), (-1.9, 57.0)],
    "gla/edi": ["hig_gla_edi", (-3.8, 55.9), (-3.5, 55.45), "gla_edi_lan"],
    "sco/eng": [(-3.4, 54.85), "gla_edi_lan", "edi_lan_yor", (-2.2, 55.5), (-1.9, 55.85), (-1.7, 55.9)],
    "lan/yor": ["edi_lan_yor", (-2.3, 54.6), (-2.1, 54.0), (-1.9, 53.4), "lan_yor_lon"],
    "lan/wal": [(-3.3, 53.42), (-3.05, 53.2), (-3.0, 52.9), "lan_wal_wes"],
    "wal/wes": ["lan_wal_wes", (-3.05, 52.0), (-2.75, 51.7), (-2.85, 51.5), (-3.0, 51.4)],
    "lan/wes": ["lan_wal_wes", (-2.2, 52.3), "lan_wes_lon"],
    "lan/lon": ["lan_wes_lon", (-1.5, 52.5), "lan_yor_lon"],
    "yor/lon": ["lan_yor_lon", (-0.6, 52.95), (0.35, 52.95)],
    "wes/lon": ["lan_wes_lon", (-1.4, 51.6), (-1.3, 51.1), (-1.4, 50.8), (-1.35, 50.7)],
    "cnn/crk": [(-9.4, 53.1), (-8.9, 53.05), (-8.4, 53.0), "cnn_dub_crk"],
    "cnn/dub": ["cnn_dub_crk", (-7.9, 53.5), (-7.4, 53.9), (-7.0, 54.3), (-6.8, 54.5)],
    "dub/crk": ["cnn_dub_crk", (-7.8, 52.6), (-7.4, 52.3), (-7.0, 51.95)],
}

SEA_LINES = {
    "nth/eng": [(1.0, 51.2), (1.9, 50.7)],
    "eng/cel": [(-5.3, 50.2), (-5.6, 48.5)],
    "cel/iri": [(-6.6, 52.3), (-5.0, 51.8)],
    "cel/atl": [(-9.3, 51.7), (-10.6, 50.4), (-12.5, 48.5)],
    "iri/heb": [(-6.3, 55.05), (-5.55, 55.45)],
    "heb/atl": [(-8.1, 55.0), (-9.5, 56.0), (-13.0, 57.5)],
    "heb/nth": [(-3.3, 58.5), (-2.6, 59.0), (-2.0, 60.0)],
}

SEEDS = {
    "hig": [(-4.5, 57.4)], "edi": [(-3.0, 55.75)], "gla": [(-4.2, 55.5)],
    "yor": [(-1.5, 54.2)], "lan": [(-2.6, 53.8)], "wal": [(-3.7, 52.3)],
    "wes": [(-3.8, 50.7)], "lon": [(0.0, 51.9)],
    "dub": [(-7.0, 53.1)], "crk": [(-8.5, 52.2)], "cnn": [(-8.8, 53.7), (-8.0, 54.9)],
    "uls": [(-6.7, 54.6)],
    "nth": [(0.5, 55.5)], "eng": [(-2.5, 50.2)], "iri": [(-5.0, 53.8)],
    "cel": [(-7.5, 51.0)], "atl": [(-11.0, 53.5)], "heb": [(-7.0, 57.0)],
}

COUNTRY_PROVINCE = {
    "France": "!fra", "Belgium": "!fra",
    "Isle of Man": "-", "Guernsey": "-", "Jersey": "-", "Faeroe Is.": "-",
}

STRAITS: list = []

VARIANT = {
    "title": "The Isles",
    "description": "England, Scotland and Ireland around the Irish Sea: three nations, "
                   "eleven centres, six to win. A small map to learn the multiverse on.",
    "first_year": 1901,
    "victory_centres": 6,
    # id: (name, supply centre, aliases)
    "provinces": {
        "hig": ("Highlands", True, ["Inverness"]), "edi": ("Edinburgh", True, []),
        "gla": ("Glasgow", True, ["Strathclyde"]), "yor": ("York", True, ["Yorkshire"]),
        "lan": ("Lancashire", True, ["Liverpool"]), "lon": ("London", True, []),
        "wal": ("Wales", True, ["Cardiff"]), "wes": ("Wessex", False, []),
        "dub": ("Dublin", True, ["Leinster"]), "crk": ("Cork", True, ["Munster"]),
        "cnn": ("Connacht", True, ["Galway"]), "uls": ("Ulster", True, ["Belfast"]),
        "nth": ("North Sea", False, []), "eng": ("English Channel", False, ["Channel"]),
        "iri": ("Irish Sea", False, []), "cel": ("Celtic Sea", False, []),
        "atl": ("Atlantic Ocean", False, ["Atlantic"]), "heb": ("Hebrides Sea", False, ["Hebrides"]),
    },
    "nations": [
        ("England", "English", "#c0392b", ["lon", "lan"]),
        ("Scotland", "Scottish", "#2e5aa8", ["edi", "gla"]),
        ("Ireland", "Irish", "#2f9e44", ["dub", "crk"]),
    ],
    "units": ["England F lon", "England A lan", "Scotland F edi", "Scotland A gla",
              "Ireland F dub", "Ireland A crk"],
}
