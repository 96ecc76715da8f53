"""Facts about the standard map, written out independently of app/variants/builtin/standard/ so that a
test can check the variant files against them (kinds: land, coast, sea; edges a-b)."""

PROVINCES = """
adr:sea aeg:sea alb:coast ank:coast apu:coast arm:coast bal:sea bar:sea bel:coast ber:coast
bla:sea boh:land bot:sea bre:coast bud:land bul:coast bur:land cly:coast con:coast den:coast
eas:sea edi:coast eng:sea fin:coast gal:land gas:coast gre:coast hel:sea hol:coast ion:sea
iri:sea kie:coast lon:coast lvn:coast lvp:coast lyo:sea mao:sea mar:coast mos:land mun:land
naf:coast nao:sea nap:coast nth:sea nwg:sea nwy:coast par:land pic:coast pie:coast por:coast
pru:coast rom:coast ruh:land rum:coast ser:land sev:coast sil:land ska:sea smy:coast spa:coast
stp:coast swe:coast syr:coast tri:coast tun:coast tus:coast tyr:land tys:sea ukr:land ven:coast
vie:land wal:coast war:land wes:sea yor:coast
"""

NAMES = """
adr=Adriatic Sea
aeg=Aegean Sea
alb=Albania
ank=Ankara
apu=Apulia
arm=Armenia
bal=Baltic Sea
bar=Barents Sea
bel=Belgium
ber=Berlin
bla=Black Sea
boh=Bohemia
bot=Gulf of Bothnia
bre=Brest
bud=Budapest
bul=Bulgaria
bur=Burgundy
cly=Clyde
con=Constantinople
den=Denmark
eas=Eastern Mediterranean
edi=Edinburgh
eng=English Channel
fin=Finland
gal=Galicia
gas=Gascony
gre=Greece
hel=Heligoland Bight
hol=Holland
ion=Ionian Sea
iri=Irish Sea
kie=Kiel
lon=London
lvn=Livonia
lvp=Liverpool
lyo=Gulf of Lyon
mao=Mid-Atlantic Ocean
mar=Marseilles
mos=Moscow
mun=Munich
naf=North Africa
nao=North Atlantic Ocean
nap=Naples
nth=North Sea
nwg=Norwegian Sea
nwy=Norway
par=Paris
pic=Picardy
pie=Piedmont
por=Portugal
pru=Prussia
rom=Rome
ruh=Ruhr
rum=Rumania
ser=Serbia
sev=Sevastopol
sil=Silesia
ska=Skagerrak
smy=Smyrna
spa=Spain
stp=St Petersburg
swe=Sweden
syr=Syria
tri=Trieste
tun=Tunis
tus=Tuscany
tyr=Tyrolia
tys=Tyrrhenian Sea
ukr=Ukraine
ven=Venice
vie=Vienna
wal=Wales
war=Warsaw
wes=Western Mediterranean
yor=York
"""

COASTS = "bul/ec bul/sc spa/nc spa/sc stp/nc stp/sc"

ARMY_EDGES = """
alb-gre alb-ser alb-tri ank-arm ank-con ank-smy apu-nap apu-rom apu-ven arm-sev arm-smy arm-syr
bel-bur bel-hol bel-pic bel-ruh ber-kie ber-mun ber-pru ber-sil boh-gal boh-mun boh-sil boh-tyr
boh-vie bre-gas bre-par bre-pic bud-gal bud-rum bud-ser bud-tri bud-vie bul-con bul-gre bul-rum
bul-ser bur-gas bur-mar bur-mun bur-par bur-pic bur-ruh cly-edi cly-lvp con-smy den-kie den-swe
edi-lvp edi-yor fin-nwy fin-stp fin-swe gal-rum gal-sil gal-ukr gal-vie gal-war gas-mar gas-par
gas-spa gre-ser hol-kie hol-ruh kie-mun kie-ruh lon-wal lon-yor lvn-mos lvn-pru lvn-stp lvn-war
lvp-wal lvp-yor mar-pie mar-spa mos-sev mos-stp mos-ukr mos-war mun-ruh mun-sil mun-tyr naf-tun
nap-rom nwy-stp nwy-swe par-pic pie-tus pie-tyr pie-ven por-spa pru-sil pru-war rom-tus rom-ven
rum-ser rum-sev rum-ukr ser-tri sev-ukr sil-war smy-syr tri-tyr tri-ven tri-vie tus-ven tyr-ven
tyr-vie ukr-war wal-yor
"""

FLEET_EDGES = """
adr-alb adr-apu adr-ion adr-tri adr-ven aeg-bul/sc aeg-con aeg-eas aeg-gre aeg-ion aeg-smy
alb-gre alb-ion alb-tri ank-arm ank-bla ank-con apu-ion apu-nap apu-ven arm-bla arm-sev bal-ber
bal-bot bal-den bal-kie bal-lvn bal-pru bal-swe bar-nwg bar-nwy bar-stp/nc bel-eng bel-hol
bel-nth bel-pic ber-kie ber-pru bla-bul/ec bla-con bla-rum bla-sev bot-fin bot-lvn bot-stp/sc
bot-swe bre-eng bre-gas bre-mao bre-pic bul/ec-con bul/ec-rum bul/sc-con bul/sc-gre cly-edi
cly-lvp cly-nao cly-nwg con-smy den-hel den-kie den-nth den-ska den-swe eas-ion eas-smy eas-syr
edi-nth edi-nwg edi-yor eng-iri eng-lon eng-mao eng-nth eng-pic eng-wal fin-stp/sc fin-swe
gas-mao gas-spa/nc gre-ion hel-hol hel-kie hel-nth hol-kie hol-nth ion-nap ion-tun ion-tys
iri-lvp iri-mao iri-nao iri-wal lon-nth lon-wal lon-yor lvn-pru lvn-stp/sc lvp-nao lvp-wal
lyo-mar lyo-pie lyo-spa/sc lyo-tus lyo-tys lyo-wes mao-naf mao-nao mao-por mao-spa/nc mao-spa/sc
mao-wes mar-pie mar-spa/sc naf-tun naf-wes nao-nwg nap-rom nap-tys nth-nwg nth-nwy nth-ska
nth-yor nwg-nwy nwy-ska nwy-stp/nc nwy-swe pie-tus por-spa/nc por-spa/sc rom-tus rom-tys rum-sev
ska-swe smy-syr spa/sc-wes tri-ven tun-tys tun-wes tus-tys tys-wes
"""

# centre:home nation ("-" for neutral)
SUPPLY_CENTRES = """
ank:Turkey bel:- ber:Germany bre:France bud:Austria bul:- con:Turkey den:- edi:England gre:-
hol:- kie:Germany lon:England lvp:England mar:France mos:Russia mun:Germany nap:Italy nwy:-
par:France por:- rom:Italy rum:- ser:- sev:Russia smy:Turkey spa:- stp:Russia swe:- tri:Austria
tun:- ven:Italy vie:Austria war:Russia
"""

STARTING_UNITS = """
Austria A bud
Austria A vie
Austria F tri
England A lvp
England F edi
England F lon
France A mar
France A par
France F bre
Germany A ber
Germany A mun
Germany F kie
Italy A rom
Italy A ven
Italy F nap
Russia A mos
Russia A war
Russia F sev
Russia F stp/sc
Turkey A con
Turkey A smy
Turkey F ank
"""
