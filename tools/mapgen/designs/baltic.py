"""Baltic Crowns: five nations around the Baltic Sea, from 1701.

Denmark (with Norway), Sweden (with Finland), Russia, Poland (with Lithuania)
and Prussia, each with three home centres, and nine neutral centres: every
nation has two or three next to its homes (Denmark: Trondheim, Scania;
Sweden: Ostrobothnia, Scania, Karelia; Russia: Karelia, Minsk, Riga; Poland:
Minsk, Riga, Posen; Prussia: Holstein, Posen).  Denmark, Sweden and Prussia
each have one that only they reach in a move (Trondheim, Ostrobothnia,
Holstein); every other is contested by two neighbours, Russia's and Poland's
all of them (``tests/mapgen/test_balance.py`` holds the distances).  Much of the
play is at sea: nine sea areas, the Danish straits and the Gulfs of Bothnia
and Finland.

Drawn for this project from Natural Earth; the dividing lines are ours (loosely
historic provinces).  Coordinates are (lon, lat) degrees; see ``standard.py``
for how the names are used.
"""

PROJECTION = (19.0, 58.5, 54.0, 63.0)
LONLAT_CLIP = (-2.0, 48.0, 42.0, 70.0)
FISHEYE = ((19.0, 58.5), 4000.0, 0.05)   # all but flat
FRAME_HINTS = {"west": (3.2, 57.0), "east": (33.8, 58.0), "north": (20.0, 65.55), "south": (19.0, 51.75)}
# the Danish straits are crowded: open them a little
LENSES = [(11.5, 55.6, 45.0, 0.35), (18.5, 57.45, 25.0, 0.35)]

J = {
    "sca_got_sma": (13.5, 56.5),
    "got_sma_sto": (14.6, 58.2),
    "got_sto_nrl": (14.6, 60.0),
    "chr_brg_tro": (8.5, 61.8),
    "abo_ost_kar": (24.5, 61.8),
    "pet_nov_psk": (29.6, 58.6),
    "hol_ste_ber": (12.3, 53.3),
    "ste_ber_pos": (16.2, 53.0),
    "ste_gda_pos": (17.5, 53.6),
    "gda_pos_war": (19.0, 52.8),
    "gda_war_kon": (19.9, 53.6),
}

LAND_LINES = {
    # Sweden
    "sca/got": [(12.6, 56.45), "sca_got_sma"],
    "sca/sma": ["sca_got_sma", (14.5, 56.3), (15.9, 56.15), (16.1, 56.0)],
    "got/sma": ["sca_got_sma", (13.8, 57.3), "got_sma_sto"],
    "sma/sto": ["got_sma_sto", (15.8, 58.0), (16.8, 58.0), (17.1, 57.95)],
    "got/sto": ["got_sma_sto", (14.5, 59.0), "got_sto_nrl"],
    "got/nrl": ["got_sto_nrl", (13.0, 60.5), (12.3, 61.0), (11.9, 61.1)],
    "sto/nrl": ["got_sto_nrl", (16.0, 60.6), (17.5, 60.7), (17.7, 60.75)],
    # Norway
    "chr/brg": [(7.3, 57.9), (7.5, 59.0), (8.0, 60.5), "chr_brg_tro"],
    "brg/tro": ["chr_brg_tro", (7.0, 62.3), (5.5, 62.5), (5.0, 62.6)],
    "chr/tro": ["chr_brg_tro", (10.0, 62.0), (11.5, 62.2), (12.6, 62.3)],
    # Finland
    "abo/ost": [(21.3, 61.8), "abo_ost_kar"],
    "abo/kar": ["abo_ost_kar", (26.0, 61.0), (26.8, 60.6), (27.0, 60.3)],
    "ost/kar": ["abo_ost_kar", (26.0, 63.0), (27.5, 64.5), (28.3, 65.3), (28.6, 66.5)],
    # Russia
    "pet/ola": [(29.1, 61.3), (31.0, 61.3), (33.0, 60.9), (35.0, 61.0), (38.0, 61.2)],
    "psk/pet": [(27.4, 58.95), "pet_nov_psk"],
    "nov/pet": ["pet_nov_psk", (31.5, 59.0), (35.0, 59.3), (38.0, 59.5)],
    "psk/nov": ["pet_nov_psk", (30.2, 57.5), (30.5, 56.0), (31.0, 54.0), (31.5, 51.0)],
    # Germany and Poland
    "hol/ste": [(12.0, 54.25), "hol_ste_ber"],
    "hol/ber": ["hol_ste_ber", (11.8, 52.5), (11.5, 51.5), (11.4, 50.8)],
    "ber/ste": ["hol_ste_ber", (13.5, 53.1), (14.3, 52.95), (15.5, 52.95), "ste_ber_pos"],
    "ber/pos": ["ste_ber_pos", (16.0, 52.3), (15.5, 51.5), (15.3, 50.8)],
    "ste/pos": ["ste_ber_pos", (17.0, 53.4), "ste_gda_pos"],
    "ste/gda": ["ste_gda_pos", (17.3, 54.2), (17.2, 54.95)],
    "gda/pos": ["ste_gda_pos", (18.3, 53.0), "gda_pos_war"],
    "pos/war": ["gda_pos_war", (19.3, 52.0), (19.0, 50.8)],
    "gda/war": ["gda_pos_war", (19.8, 53.3), "gda_war_kon"],
    "gda/kon": ["gda_war_kon", (19.6, 54.0), (19.4, 54.4), (19.3, 54.5)],
    "kon/war": ["gda_war_kon", (21.0, 53.4), (22.5, 53.7), (23.0, 54.1), (23.25, 54.35)],
}

SEA_LINES = {
    "nwg/nth": [(5.4, 61.9), (0.0, 61.9)],
    "nth/skg": [(8.0, 58.2), (8.6, 57.0)],
    "skg/kat": [(10.4, 57.65), (11.7, 58.2)],
    "kat/blt": [(10.7, 56.4), (11.95, 55.95)],
    "kat/blt-sound": [(12.5, 56.0), (12.8, 56.1)],
    "blt/sba": [(13.3, 53.9), (13.35, 54.4), (13.3, 55.5)],
    "sba/cba": [(15.9, 56.45), (16.5, 56.25), (18.0, 55.8), (21.3, 55.7)],
    "cba/gof": [(23.4, 60.05), (23.6, 59.15)],
    "cba/bot": [(18.6, 59.65), (20.0, 60.1), (22.1, 60.45)],
}

SEEDS = {
    "cop": [(12.0, 55.5)], "jut": [(9.2, 56.2)], "chr": [(10.5, 60.5)], "brg": [(6.5, 60.5)],
    "tro": [(11.0, 64.0)],
    "sca": [(13.5, 55.9)], "got": [(12.8, 58.3)], "sto": [(16.5, 59.4)], "sma": [(15.0, 57.2)],
    "nrl": [(16.0, 63.0)], "gtl": [(18.5, 57.45)],
    "abo": [(23.5, 60.8)], "ost": [(24.5, 64.0)], "kar": [(28.5, 62.5)],
    "pet": [(30.0, 59.8)], "nov": [(32.5, 58.0)], "psk": [(29.0, 57.5)], "ola": [(32.0, 63.0)],
    "hol": [(9.8, 53.8)], "ber": [(13.5, 52.3)], "ste": [(15.5, 53.7), (13.0, 53.8)], "pos": [(17.0, 52.4)],
    "gda": [(18.3, 54.0)], "kon": [(20.5, 54.7), (21.0, 53.9)], "war": [(21.0, 52.4)],
    # seas
    "nth": [(5.0, 56.5)], "nwg": [(4.0, 64.0)], "skg": [(9.5, 58.0)], "kat": [(11.5, 57.0)],
    "blt": [(11.5, 54.6)], "sba": [(16.0, 55.0)], "cba": [(20.0, 57.5)], "gof": [(26.0, 59.9)],
    "bot": [(20.0, 62.0)],
}

COUNTRY_PROVINCE = {
    "Estonia": "rev", "Latvia": "rig", "Lithuania": "vil", "Belarus": "min",
    "Ukraine": "!ukr", "Czechia": "!boh", "Netherlands": "!ned",
    "Åland": "-", "Faeroe Is.": "-",
}

STRAITS = [("cop", "sca", (12.6, 55.95), (12.75, 55.95))]

VARIANT = {
    "title": "Baltic Crowns",
    "description": "Denmark, Sweden, Russia, Poland and Prussia contest the Baltic from 1701: "
                   "five nations, 24 centres, 13 to win.",
    "first_year": 1701,
    "victory_centres": 13,
    "provinces": {
        "cop": ("Copenhagen", True, ["Zealand"]), "jut": ("Jutland", False, []),
        "chr": ("Christiania", True, ["Oslo"]), "brg": ("Bergen", True, []),
        "tro": ("Trondheim", True, []),
        "sca": ("Scania", True, []), "got": ("Gothenburg", True, []),
        "sto": ("Stockholm", True, []), "sma": ("Smaland", False, ["Småland"]),
        "nrl": ("Norrland", False, []), "gtl": ("Gotland", True, []),
        "abo": ("Abo", True, ["Åbo", "Turku"]), "ost": ("Ostrobothnia", True, ["Vasa"]),
        "kar": ("Karelia", True, ["Savolax"]),
        "pet": ("Petersburg", True, ["St Petersburg", "Ingria"]), "nov": ("Novgorod", True, []),
        "psk": ("Pskov", True, []), "ola": ("Olonets", False, []),
        "rev": ("Reval", False, ["Estonia", "Tallinn"]), "rig": ("Riga", True, ["Livonia", "Courland"]),
        "vil": ("Vilna", True, ["Lithuania", "Vilnius"]), "min": ("Minsk", True, []),
        "war": ("Warsaw", True, ["Masovia"]), "gda": ("Danzig", True, ["Gdansk"]),
        "pos": ("Posen", True, ["Poznan"]),
        "kon": ("Konigsberg", True, ["Königsberg", "Prussia"]), "ber": ("Berlin", True, ["Brandenburg"]),
        "ste": ("Stettin", True, ["Pomerania"]), "hol": ("Holstein", True, ["Hamburg"]),
        "nth": ("North Sea", False, []), "nwg": ("Norwegian Sea", False, []),
        "skg": ("Skagerrak", False, []), "kat": ("Kattegat", False, []),
        "blt": ("Belt Sea", False, ["Belts", "Sound"]), "sba": ("South Baltic", False, []),
        "cba": ("Central Baltic", False, []), "gof": ("Gulf of Finland", False, []),
        "bot": ("Gulf of Bothnia", False, ["Bothnia"]),
    },
    "nations": [
        ("Denmark", "Danish", "#c8342c", ["cop", "chr", "brg"]),
        ("Sweden", "Swedish", "#2f6fbf", ["sto", "got", "abo"]),
        ("Russia", "Russian", "#3f9e4d", ["pet", "nov", "psk"]),
        ("Poland", "Polish", "#d08a1f", ["war", "vil", "gda"]),
        ("Prussia", "Prussian", "#7d4fb5", ["kon", "ber", "ste"]),
    ],
    "units": ["Denmark F cop", "Denmark F brg", "Denmark A chr",
              "Sweden F sto", "Sweden A got", "Sweden A abo",
              "Russia F pet", "Russia A nov", "Russia A psk",
              "Poland F gda", "Poland A war", "Poland A vil",
              "Prussia F kon", "Prussia F ste", "Prussia A ber"],
}
