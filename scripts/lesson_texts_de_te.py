"""German texts of the example lessons te01-te10 (the wiki's *Triggered Effects* examples), in our own words; see
:mod:`lesson_texts_de_examples`.
"""

from __future__ import annotations

from lesson_texts_de_examples import branch_de

__all__ = ["TEXTS"]

TE = "Wiki-Seite *Triggered Effects*, Beispiel"

TEXTS: dict[str, dict[str, str]] = {
    "te01_order_your_own_when_attacking": dict(
        source=f"{TE} 1 (Spielfeld rekonstruiert)",
        title="Ordne deine eigenen [When Attacking]-Effekte so, dass mehr davon wirken",
        do="Du spielst MetalGarurumons Angriff mit vier [When Attacking]-Effekten von Spieler A und einem "
           "reagierenden Effekt von Spieler B nach und wählst die Reihenfolge, in der alle etwas bewirken.",
        learn="dass der Spieler am Zug alle seine gleichzeitigen Effekte zuerst aktiviert, in einer Reihenfolge, die "
              "er wählt; dass ein abgeleiteter Auslöser vor ältere Effekte kommt; und dass eine Bedingung, die beim "
              "Aktivieren geprüft wird, die Reihenfolge wichtig macht.",
        situation="""
            **MetalGarurumon** (BT1-044) von Spieler A hat, von oben nach unten, **Zudomon**, **Garurumon**,
            **Gabumon** und **Upamon** unter sich. Sein eigenes [When Attacking] spielt eine Karte der Stufe 4 oder
            niedriger kostenlos unter ihm hervor aus. Gabumons vererbter Effekt legt die unterste Digitationskarte
            eines Digimon des Gegners der Stufe 5 oder niedriger in den Trash. Upamons (1 ziehen, einmal pro Zug) und
            Zudomons (1 Speicher erhalten) wirken nur, wenn eines der Digimon von Spieler B **nichts unter sich** hat.

            Spieler B hat **Myotismon** mit einer Karte darunter und **VenomMyotismon** (erhält 1 Speicher, wenn im
            Zug des Gegners ein Digimon des Gegners quergelegt wird). Speicher A3.

            Das Spielfeld dieses Beispiels fehlt im Wiki; dies ist das kleinste, das seine Schritte voraussetzen.
            MetalGarurumon greift Spieler B an.
            """,
        watch="""
            - **Eine Generation aus fünf.** Vier Effekte gehören Spieler A und kommen zuerst; VenomMyotismon wartet.
            - **Gabumon zuerst** nimmt Myotismon die letzte Digitationskarte; damit ist die Bedingung von Upamon und
              Zudomon erfüllt.
            - **MetalGarurumons Effekt** spielt Garurumon aus; Garurumons [On Play] löst aus und wird als neuere
              Generation vor Upamon und Zudomon aktiviert. Es richtet MetalGarurumon auf.
            - **Spieler B zuletzt.** VenomMyotismons Effekt gibt Spieler B 1 Speicher.
            """,
        try_it="""
            Wähle bei der ersten Frage zuerst **Upamon**. Seine Bedingung ist nicht erfüllt (jedes Digimon von
            Spieler B hat noch eine Karte unter sich), also wird es gar nicht aktiviert und behält sein „einmal pro
            Zug“. Mach im Widget weiter: Die dokumentierten Antworten passen, bis zwei Effekte von Spieler A übrig
            sind; nimm sie dann in der Reihenfolge des Wikis, **Gabumon** vor Zudomon. Wie viele Karten zieht
            Spieler A, und wo endet der Speicher?
            """,
        try_code=branch_de("order", "Upamon", then=("(vererbt von Gabumon)",), facts="""\
    hand = [line.steps[-1].board.sides[0].hand_size - line.steps[0].board.sides[0].hand_size for line in (trace, mine)]
    print(f"Karten, die Spieler A zieht: {hand[1]} (dokumentierte Linie: {hand[0]})")
    print(f"Der Speicher endet bei: {memory_words(mine.result.memory)} "
          f"(dokumentierte Linie: {memory_words(trace.result.memory)})")
""", then_comment="die zwei übrigen Effekte: Gabumons, dann kommt Zudomons von selbst"),
        differences="""
            Die Reihenfolge des Wikis stimmt mit CR 4.2 überein: Alles außer Garurumons [On Play] löst bei der
            Angriffsansage als eine Generation aus (CR 15-4-3-2); der Spieler am Zug leert seine zuerst
            (CR 15-4-3-5); Garurumons Effekt, der während der Gruppe auslöst, kommt als abgeleiteter Auslöser zuerst
            (CR 15-4-5-2).

            Zwei Anmerkungen. Das Wiki nennt alle fünf Effekte [When Attacking]; VenomMyotismons ist keiner, er
            reagiert auf das Querlegen, das die Angriffsansage bewirkt, im selben Moment (Q&A Q1976); die Reihenfolge
            bleibt also gleich. Und das Spielfeld im Wiki ist leer (docs/wiki-vs-cr.de.md, T6): Das Szenario baut das
            kleinste Spielfeld nach, das seine Schritte brauchen.
            """,
        outcome="""
            Das Beispiel sagt: Gabumon, MetalGarurumon, Garurumons [On Play], Upamon, Zudomon, dann VenomMyotismon;
            nichts wird gelöscht (eine Digitationskarte im Trash ist keine Löschung); die Sicherheitsprüfung danach
            lässt Spieler B **1** Karte; der Speicher steigt auf A4 und geht zurück auf **A3**; Spieler A hat 1 Karte
            gezogen.
            """,
    ),
    "te02_option_then_triggers": dict(
        source=f"{TE} 2",
        title="Setze eine Optionskarte ein und ordne dann die Effekte, die sie ausgelöst hat",
        do="Du setzt Jack Raid ein, siehst zwei Effekte „wenn du eine Optionskarte einsetzt“ auslösen und warten "
           "und ordnest sie so, dass kein Speicher verloren geht.",
        learn="dass Effekte während der Verarbeitung einer Optionskarte auslösen, aber erst danach aktiviert "
              "werden, und dass ein Verbot, Speicher zu erhalten, die Reihenfolge zweier Effekte zu einer echten "
              "Wahl machen kann.",
        situation="""
            Spieler A hat **Lilithmon** (einmal pro Zug: Setzt Spieler A eine Optionskarte ein, erhalte 2 Speicher)
            mit **LadyDevimon** darunter (vererbt, einmal pro Zug: Setzt Spieler A eine Optionskarte ein, lösche ein
            Digimon des Gegners der Stufe 3). Im Trash von Spieler A liegen 10 Karten, auf der Hand **Jack Raid**
            (eine Optionskarte: 1 Speicher für je zehn volle Karten im Trash).

            Spieler B hat **Terriermon** (Stufe 3): Solange es im Spiel ist, kann sein Gegner Speicher nur durch
            Effekte von Tamern erhalten. Speicher A2.

            Spieler A setzt Jack Raid ein.
            """,
        watch="""
            - **Jack Raids [Main]** läuft zuerst, als Teil des Einsetzens: 10 Karten im Trash gäben 1 Speicher, aber
              Terriermon verbietet es.
            - **Zwei Effekte warten** in einer Generation: Lilithmons und LadyDevimons vererbter.
            - **LadyDevimon zuerst** löscht Terriermon; danach ist Lilithmons Speichergewinn erlaubt.
            """,
        try_it="""
            Aktiviere zuerst **Lilithmons** Effekt. Er wird aktiviert, bringt nichts, solange Terriermon im Spiel ist,
            und sein „einmal pro Zug“ ist verbraucht. Wo endet der Speicher?
            """,
        try_code=branch_de("order", "Lilithmon – +2 Speicher"),
        differences="""
            Das Ergebnis stimmt mit CR 4.2 überein, die Formulierung nicht (docs/wiki-vs-cr.de.md, T8). Das Wiki sagt,
            die Optionskarte müsse fertig sein, bevor andere Effekte *auslösen*. Nach den Regeln löst ein Effekt in
            dem Moment aus, in dem seine Bedingung erfüllt ist, auch während eine Optionskarte verarbeitet wird
            (CR 15-4-2-2); *aktivieren* kann er erst, wenn die Verarbeitung vorbei ist (CR 15-8-3-2). Jack Raid zählt
            den Trash, während es selbst in keinem Bereich liegt, also geben 10 Karten 1 Speicher (CR 9-1-4).
            """,
        outcome="""
            Das Beispiel sagt: Jack Raids [Main] (von Terriermon verhindert), dann LadyDevimons Effekt, dann
            Lilithmons; **Terriermon** wird gelöscht; der Speicher endet bei **A4**; beide „einmal pro Zug“-Effekte
            sind verbraucht.
            """,
    ),
    "te03_one_option_four_triggers": dict(
        source=f"{TE} 3",
        title="Zähle vier Auslöser aus einer Optionskarte, der Spieler am Zug zuerst",
        do="Du setzt Heat Viper ein, um eines deiner eigenen Digimon und zwei des Gegners zu löschen, und handelst "
           "dann die vier ausgelösten Effekte ab, die von Spieler A vor denen von Spieler B.",
        learn="dass zwei getrennte Löschungen innerhalb eines Effekts einen Effekt zweimal auslösen, dass zusammen "
              "gelöschte Karten ihn einmal auslösen und dass der Besitz entscheidet, wer zuerst aktiviert.",
        situation="""
            Spieler A hat **Lilithmon** (einmal pro Zug: Setzt Spieler A eine Optionskarte ein, erhalte 2 Speicher)
            und **Guilmon** (BT5-071; löscht ein Effekt es, erhalte 1 Speicher) und hält **Heat Viper** (eine
            Optionskarte: Du kannst eines deiner eigenen Digimon löschen; tust du es, lösche bis zu zwei Digimon des
            Gegners der Stufe 4 oder niedriger).

            Spieler B hat **MaloMyotismon** (werden andere Digimon gelöscht, erhält Spieler B 1 Speicher pro Digimon)
            und zwei **DarkTyrannomon**. Speicher A6.

            Spieler A setzt Heat Viper ein (5 Speicher), löscht Guilmon, danach beide DarkTyrannomon.
            """,
        watch="""
            - **Zwei Löschereignisse** in einem Effekt: erst Guilmon, dann die zwei DarkTyrannomon zusammen.
              MaloMyotismon löst für jedes Ereignis einmal aus.
            - **Eine Generation aus vier**: Guilmons und Lilithmons Effekt (Spieler A) kommen zuerst, danach die zwei
              Fälle von MaloMyotismon (Spieler B).
            - **Speicher**: A6, 5 zahlen, +1, +2, dann -1 und -2 durch die Gewinne von Spieler B.
            """,
        try_it="""
            Ordne die zwei Effekte von Spieler A um (Lilithmon zuerst). Ändert sich etwas? Denk dann an die
            Formulierung des Wikis, die so klingt, als gehöre MaloMyotismon Spieler A: Wer würde es aktivieren, und
            wann?
            """,
        try_code=branch_de("order", "Lilithmon"),
        differences="""
            Das Ergebnis stimmt mit CR 4.2 überein, sobald MaloMyotismon Spieler B gehört, wie es die Abhandlung des
            Wikis selbst annimmt. Der Satz, mit dem das Wiki das Spielfeld beschreibt, klingt, als kontrolliere
            Spieler A es (docs/wiki-vs-cr.de.md, T7); weil der Spieler am Zug zuerst aktiviert (CR 15-4-3-5), legt der
            Besitz die Reihenfolge fest.

            MaloMyotismon löst **zweimal** aus, weil die zwei Löschungen getrennte Ereignisse sind und die Bedingung
            erneut erfüllt ist, bevor der erste Fall aktiviert wird (CR 15-4-2-4); die zwei zusammen gelöschten
            DarkTyrannomon zählen als ein Ereignis im Wert von 2 (CR 15-5-2, 4-27-5).
            """,
        outcome="""
            Das Beispiel sagt: Heat Vipers [Main], Guilmons [On Deletion], Lilithmons Effekt, dann zweimal
            MaloMyotismon (für 1 Digimon, dann für 2); **Guilmon und beide DarkTyrannomon** werden gelöscht; der
            Speicher endet bei **A1**.
            """,
    ),
    "te04_blitz_first": dict(
        source=f"{TE} 4 (Spielfeld rekonstruiert; siehe auch Regelentscheidung R05)",
        title="Aktiviere <Blitz> zuerst und sieh zu, wie sich die Auslöser des Angriffs vordrängen",
        do="Du digitierst in Omnimon, aktivierst <Blitz> vor dem Aufrichten und folgst den Auslösern des Angriffs, "
           "die vor Omnimons anderem [When Digivolving]-Effekt drankommen.",
        learn="dass ein Angriff, den ein Effekt ansagt, eine neuere Generation eröffnet, dass der abgeleitete "
              "Auslöser des Spielers nicht am Zug vor den älteren Effekt des Spielers am Zug kommt und dass der "
              "ältere Effekt trotzdem vor dem Konter-Zeitpunkt abgehandelt wird.",
        situation="""
            Das aufrechte Digimon der Stufe 6 von Spieler A hat **Veemon** (einmal pro Zug: Wird das Digimon darüber
            in der Hauptphase aufgerichtet, 1 ziehen) und **Upamon** (einmal pro Zug, beim Angriff: 1 ziehen, wenn
            eines der Digimon des Gegners nichts unter sich hat) unter sich. Spieler A hält **Omnimon** (<Blitz> und
            „richte dieses Digimon auf“, beide [When Digivolving]).

            Spieler B hat nur **VenomMyotismon**, ohne Digitationskarten (es erhält 1 Speicher, wann immer im Zug des
            Gegners ein Digimon des Gegners quergelegt wird). Speicher A3.

            Das Spielfeld dieses Beispiels fehlt im Wiki; dies ist das kleinste, das seine Schritte voraussetzen.
            Spieler A digitiert in Omnimon (4 Speicher: B1) und zieht.
            """,
        watch="""
            - **<Blitz> zuerst.** Omnimon ist aufrecht, also kann es Spieler B sofort angreifen.
            - **Die Auslöser der Angriffsansage** (Upamons Ziehen für Spieler A, VenomMyotismon für Spieler B) bilden
              eine neuere Generation und kommen vor Omnimons noch wartendes Aufrichten.
            - **Das Aufrichten** wird als Nächstes abgehandelt, noch im Zeitpunkt der Angriffsansage: Omnimon richtet
              sich auf, und das löst Veemons Ziehen aus.
            - **Der Speicher** endet bei B2, also geht der Zug nach dem Angriff über.
            """,
        try_it="""
            Aktiviere bei der ersten Frage zuerst das **Aufrichten**; das ist das Beispiel der nächsten Lektion
            (`te05_unsuspend_first`), dort auf einem anderen Spielfeld. Auf diesem Spielfeld ist Omnimon schon
            aufrecht: Löst Veemon trotzdem aus?
            """,
        try_code=branch_de("order", "Omnimon – aufrichten"),
        differences="""
            Die Reihenfolge des Wikis ist die von CR 4.2: Die Auslöser des Angriffs sind abgeleitet und kommen zuerst
            (CR 15-4-5-2), und der abgeleitete Auslöser von Spieler B schlägt den älteren Effekt von Spieler A
            (CR 15-4-5-3). Das noch wartende Aufrichten wird bei der Angriffsansage abgehandelt, vor dem
            Konter-Zeitpunkt, nicht erst am Ende des Angriffs (Q&A Q1356, Q1299). Der Angriff geht weiter, obwohl der
            Speicher auf der Seite von Spieler B steht: Der Zug kann erst enden, wenn nichts mehr verarbeitet wird
            (CR 6-1-4-1), und ein <Blitz>-Angriff läuft weiter, nachdem sich der Speicher bewegt hat (CR 16-16-4).

            Das Spielfeld im Wiki ist leer (docs/wiki-vs-cr.de.md, T6); das Szenario baut das kleinste nach.
            """,
        outcome="""
            Das Beispiel sagt: <Blitz>, Upamon, VenomMyotismon, das Aufrichten, dann Veemon; nichts wird gelöscht;
            die Sicherheitsprüfung lässt Spieler B **1** Karte; der Speicher endet bei **B2**; Omnimon ist am Ende aufrecht;
            Spieler A hält 3 Karten.
            """,
    ),
    "te05_unsuspend_first": dict(
        source=f"{TE} 5 (Spielfeld rekonstruiert)",
        title="Richte zuerst auf, dann <Blitz>: dieselben Effekte, andere Reihenfolge",
        do="Du digitierst ein quergelegtes Digimon in Omnimon, richtest es zuerst auf, greifst dann mit <Blitz> an "
           "und vergleichst mit dem vorigen Beispiel.",
        learn="dass der Spieler am Zug die Reihenfolge seiner gleichzeitigen Effekte beim Aktivieren wählt und dass "
              "dieselben Effekte in anderer Reihenfolge auf einem anderen Spielfeld enden.",
        situation="""
            Das Spielfeld von `te04_blitz_first`, mit einem Unterschied: Das Digimon der Stufe 6 von Spieler A ist
            **quergelegt** (etwa weil es in diesem Zug schon angegriffen hat). Nur dann ändert „richte dieses Digimon
            auf“ etwas, und nur ein aufrechtes Digimon kann einen Angriff ansagen.

            Spieler A digitiert in Omnimon (4 Speicher: B1) und zieht.
            """,
        watch="""
            - **Zuerst aufrichten.** Omnimon richtet sich auf; Veemons Ziehen löst aus und wird, weil es neuer ist, vor
              <Blitz> aktiviert.
            - **<Blitz>** prüft seine Bedingung beim Aktivieren: Spieler B hat noch Speicher, also greift Omnimon an.
            - **Die Auslöser der Angriffsansage** (Upamon, VenomMyotismon) kommen danach.
            - **Omnimon ist am Ende des Angriffs quergelegt**: Das Aufrichten war vor dem Angriff verbraucht.
            """,
        try_it="""
            Aktiviere auf diesem Spielfeld zuerst **<Blitz>**. Omnimon ist noch quergelegt: Kann es angreifen?
            """,
        try_code=branch_de("order", "Blitz"),
        differences="""
            Das stimmt mit CR 4.2 überein: Der Spieler am Zug kann die zwei Effekte in beliebiger Reihenfolge
            aktivieren, und die Reihenfolge wird beim Aktivieren gewählt, nicht beim Auslösen (CR 15-4-3-4,
            15-4-3-5). Das Wiki sagt nicht, dass das Digimon quergelegt beginnen muss; bei einem aufrechten würde das
            Aufrichten nichts ändern, und Veemon löste nie aus. Sein Spielfeld ist leer (docs/wiki-vs-cr.de.md, T6).
            """,
        outcome="""
            Das Beispiel sagt: das Aufrichten, Veemon, <Blitz>, Upamon, dann VenomMyotismon; nichts wird gelöscht;
            die Sicherheitsprüfung lässt Spieler B **1** Karte; der Speicher endet bei **B2**; Omnimon ist am
            Ende **quergelegt**; Spieler A hält 3 Karten.
            """,
    ),
    "te06_six_triggers_one_option": dict(
        source=f"{TE} 6 (Spielfeld rekonstruiert)",
        title="Handle sechs gleichzeitige Auslöser ab: erst die des Spielers am Zug, dann die des Gegners",
        do="Du setzt Trident Revolver ein, um Tapirmon zu löschen und T.K. Takaishi auszuspielen, und handelst dann "
           "sechs Effekte in einer Generation ab: die drei von Spieler A, dann die drei von Spieler B.",
        learn="dass alles, was während einer Optionskarte auslöst, eine Generation ist, dass der Spieler am Zug seine "
              "zuerst leert und dass ein verpflichtender Effekt ohne etwas zu tun trotzdem sein „einmal pro Zug“ "
              "verbraucht.",
        situation="""
            Spieler A hat **Lilithmon** mit **LadyDevimon** darunter (beide reagieren darauf, dass Spieler A eine
            Optionskarte einsetzt: 2 Speicher erhalten; ein Digimon des Gegners der Stufe 3 löschen) und
            **Coredramon** und hält **Trident Revolver** (eine Optionskarte, die ein Digimon des Gegners mit höchstens
            6000 DP löscht; danach kann Spieler A einen Tamer mit Spielkosten von höchstens 4 kostenlos aus der Hand
            ausspielen) und **T.K. Takaishi** (sein [On Play] sieht sich den Sicherheitsstapel an und kann eine Karte
            daraus nehmen). Die zweite Sicherheitskarte von Spieler A ist **Tapirmon** (ST3-03).

            Spieler B hat **Tapirmon** (BT2-070; [On Deletion] 1 ziehen), **MaloMyotismon** (erhält Speicher, wenn
            andere Digimon gelöscht werden) und den Tamer **Mimi Tachikawa** (wann immer jemand eine Optionskarte
            einsetzt, kann Spieler B sie quer legen, um 1 Speicher zu erhalten). Speicher A7. Das Spielfeld fehlt im
            Wiki; dieses ist rekonstruiert.
            """,
        watch="""
            - **Trident Revolver** löscht Tapirmon und spielt T.K. Takaishi aus. Während es abgehandelt wird, lösen
              sechs Effekte aus.
            - **Die drei von Spieler A zuerst**: T.K. Takaishis [On Play], Lilithmons Speichergewinn, LadyDevimons
              Löschung. LadyDevimon findet kein Ziel der Stufe 3, wird aber, weil verpflichtend, trotzdem aktiviert
              und verbraucht sein „einmal pro Zug“.
            - **Dann die drei von Spieler B**: Tapirmons Ziehen, MaloMyotismons und Mimi Tachikawas Speichergewinn.
            """,
        try_it="""
            Ordne die drei Effekte von Spieler A um. Welche Reihenfolgen ändern das Ergebnis, welche nicht? (Tipp:
            Keiner der Effekte von Spieler A hängt hier von einem anderen ab.)
            """,
        differences="""
            Das stimmt mit CR 4.2 überein: Alle sechs haben ausgelöst, bevor die Verarbeitung von Trident Revolver
            zu Ende war, sie sind also eine Generation (CR 15-4-3-2), und die Angabe des Wikis, alle hätten Vorrang 1,
            stimmt. Spieler A aktiviert zuerst alle seine (CR 15-4-3-5).

            LadyDevimons Effekt hat keine Bedingung, er wird also nicht mangels Ziel übersprungen: Er wird aktiviert,
            bewirkt nichts, und sein „einmal pro Zug“ ist verbraucht (CR 15-14-1-4; docs/wiki-vs-cr.de.md, T9).
            Vergleiche Majiramon in `te10_failed_condition_keeps_once_per_turn`: Dort ist eine Bedingung nicht
            erfüllt, und der Effekt wird gar nicht aktiviert.
            """,
        outcome="""
            Das Beispiel sagt: Trident Revolvers [Main], T.K. Takaishis [On Play], Lilithmon, LadyDevimon (ohne
            Ziel), dann Tapirmons [On Deletion], MaloMyotismon und Mimi Tachikawa; **Tapirmon** (von Spieler B) wird
            gelöscht; der Speicher endet bei **A1**; der Sicherheitsstapel von Spieler A endet mit 3 Karten.
            """,
    ),
    "te07_digi_burst_ten_triggers": dict(
        source=f"{TE} 7",
        title="Löse mit <Digi-Burst> neun Effekte aus und verschwende einen durch eine schlechte Reihenfolge",
        do="Du setzt mit MetalGarurumons <Digi-Burst> Heat Viper kostenlos ein, folgst neun ausgelösten Effekten "
           "und siehst, dass Lilithmon nichts erhält, weil Gazimon noch im Spiel war.",
        learn="dass eine Optionskarte, die ein Effekt einsetzt, zur selben Generation gehört, dass ein abgeleiteter "
              "Auslöser des Spielers nicht am Zug zuerst kommt und dass ein Effekt, der unter einem Verbot "
              "aktiviert wird, einfach verpufft.",
        situation="""
            **MetalGarurumon** (P-027) von Spieler A hat **Myotismon** und **Ghostmon** unter sich; sein [Main]
            <Digi-Burst 2> legt zwei seiner Digitationskarten in den Trash, um eine lila Optionskarte kostenlos
            aus der Hand einzusetzen. Ghostmon kehrt auf die Hand zurück, wenn ein <Digi-Burst> es in den Trash legt.
            Spieler A hat außerdem **Lilithmon** mit **LadyDevimon** darunter und **Tapirmon** (BT2-070; [On
            Deletion] 1 ziehen) und hält **Heat Viper**.

            Spieler B hat **MaloMyotismon**, **Gazimon** (solange es im Spiel ist, erhält sein Gegner Speicher nur
            durch Effekte von Tamern), **Vilemon** mit **Tsukaimon** darunter und **Devimon** mit **Gabumon** darunter
            (beides vererbte [On Deletion]-Effekte). Speicher A3.

            Spieler A aktiviert das <Digi-Burst>, setzt Heat Viper ein, löscht Tapirmon und danach Devimon und
            Vilemon.
            """,
        watch="""
            - **Generation 1** enthält alles, was während des <Digi-Burst> und Heat Viper ausgelöst hat: Tapirmon,
              Ghostmon, Lilithmon und LadyDevimon von Spieler A und die vier von Spieler B.
            - **Lilithmon** wird aktiviert, während Gazimon noch im Spiel ist: kein Speicher, und das „einmal pro
              Zug“ ist weg.
            - **LadyDevimon** löscht Gazimon. MaloMyotismon löst erneut aus: eine neuere Generation, also kommt es vor
              die älteren Effekte von Spieler B.
            - **Der Speicher** endet bei B2, also endet der Zug von Spieler A, wenn all das abgehandelt ist.
            """,
        try_it="""
            Setz **LadyDevimon** vor Lilithmon. Wenn Lilithmon aktiviert wird, ist Gazimon weg: Wo endet der
            Speicher, und bleibt Spieler A am Zug?
            """,
        try_code=branch_de("order", "LadyDevimon"),
        differences="""
            Das Ergebnis stimmt mit CR 4.2 überein: Alles, was während des <Digi-Burst> ausgelöst hat, die
            Optionskarte, die es eingesetzt hat, und deren [Main] eingeschlossen, ist eine Generation (CR 15-4-3-2),
            und der abgeleitete Auslöser des Spielers nicht am Zug kommt zuerst (CR 15-4-5-3).

            Das Wiki verrutscht bei zwei Bezeichnungen: In einem Schritt nennt es Tapirmons Effekt „#1“ (in seiner
            eigenen Liste ist er #5), und es führt das <Digi-Burst> unter den ausgelösten Effekten, obwohl ein
            [Main]-Effekt aktiviert wird und nie aussteht. Lilithmon hat keine Bedingung, wird also auch unter
            Gazimon aktiviert, erhält nichts und verbraucht sein „einmal pro Zug“ (CR 15-14-1-4).
            """,
        outcome="""
            Das Beispiel sagt: das <Digi-Burst> (mit Heat Viper darin), dann Tapirmon, Ghostmon, Lilithmon (ohne
            Gewinn), LadyDevimon, MaloMyotismon für Gazimon, Gabumon, MaloMyotismon für Tapirmon, MaloMyotismon für
            Devimon und Vilemon, und Tsukaimon; **Tapirmon, Devimon, Vilemon und Gazimon** werden gelöscht; der
            Speicher endet bei **B2**.
            """,
    ),
    "te08_attack_ended_at_declaration": dict(
        source=f"{TE} 8, berichtigt (siehe auch Regelentscheidung R19)",
        title="Beende einen Angriff bei seiner Ansage und überspringe den Block",
        do="Du greifst gegen Omnimon X Antibody an, lässt Spieler B den Angriff sofort beenden und siehst, dass kein "
           "Konter-Zeitpunkt, kein Block und keine Sicherheitsprüfung folgen.",
        learn="dass ein Effekt, der den Angriff beendet, direkt zum Ende des Angriffs springt (CR 15-15-1-1), dass "
              "<Blocker> kein ausgelöster Effekt ist und dass die Darstellung dieses Beispiels im Wiki veraltet "
              "ist.",
        situation="""
            **Plesiomon** von Spieler A hat **Gomamon** (P-004) unter sich: einmal pro Zug, wenn Spieler A eine
            Digitationskarte eines Digimon des Gegners in den Trash legt, erhalte 1 Speicher. Spieler A hat außerdem
            den Tamer **Izzy Izumi** (im Zug von Spieler A: Wird ein Digimon des Gegners quergelegt, kann Spieler A
            Izzy quer legen, um 1 Speicher zu erhalten).

            Spieler B hat **Omnimon (X Antibody)** mit zwei Karten darunter (im Zug des Gegners: Greift ein Digimon des
            Gegners an, kann Spieler B 2 der Karten unter Omnimon in den Trash legen, und der Angriff endet dort) und
            **Coredramon** (<Blocker>). Speicher A3.

            Plesiomon greift Spieler B an.
            """,
        watch="""
            - **Angriffsansage.** Omnimon X' Effekt löst bei der Angriffsansage aus. Spieler B legt zwei Karten unter
              Omnimon in den Trash, und der Angriff endet.
            - **Kein Konter-Zeitpunkt, kein Block-Zeitpunkt, kein Erfolg-Prüfen**: Das Diagramm *Zeitpunkte des
              Angriffs* springt zum Ende des Angriffs.
            - **Sonst löst nichts aus.** Bei Gomamon muss Spieler A die Karten in den Trash legen; Izzy braucht ein
              Digimon des Gegners, das quergelegt wird, und Coredramon blockt nie.
            """,
        try_it="""
            Lehne bei der Frage zu Omnimon X' Effekt ab. Jetzt läuft der Angriff durch jeden Zeitpunkt: Kann
            Coredramon jetzt blocken, und wann? Lass Spieler B damit blocken, wie im Wiki. Kommt Izzy Izumis Effekt
            ins Spiel (und wenn er fragt, nutzt Spieler A ihn)?
            """,
        try_code=branch_de("optional", "Nicht aktivieren",
                           then=("Mit ST1-06 Coredramon blocken", "Aktivieren: [Your Turn] von ST4-14 Izzy Izumi"), facts="""\
    block = next(s for s in mine.steps if s.decision is not None and s.decision.kind == "block")
    print(f"Coredramon blockt: {'ja' if 'Coredramon' in block.choice else 'nein'}, gefragt in Schritt "
          f"{block.index + 1} (Block-Zeitpunkt)")
    izzy = [label for label in mine.result.activation_order if "Izzy Izumi" in label]
    print("Izzy Izumis Effekt wird aktiviert:", "ja" if izzy else "nein")
""", then_comment="Spieler B blockt mit Coredramon; Spieler A nutzt Izzy Izumis Effekt"),
        differences="""
            **Das Ergebnis des Wikis ist veraltet** (docs/wiki-vs-cr.de.md, T3). Es benutzt einen alten
            „Reaktions“-Schritt, in dem Coredramons <Blocker> als ausgelöster Effekt wartet, und lässt Coredramon
            blocken, nachdem der Angriff schon beendet ist. Nach CR 4.2 gilt:

            - Omnimon X' Effekt löst bei der Angriffsansage aus (Q&A Q1976), und <Blocker> ist ein dauerhafter Effekt,
              der im Block-Zeitpunkt benutzt wird, kein Auslöser (CR 16-5-2).
            - Ein Effekt, der den Angriff beendet, schickt ihn direkt zum Ende des Angriffs (CR 15-15-1-1): Geschieht
              das bei der Angriffsansage, gibt es keinen Konter- und keinen Block-Zeitpunkt (Q&A Q1388), also kann
              Coredramon nicht blocken, und Izzy Izumi hat nichts, worauf er reagieren könnte.
            - Gomamon reagiert nur, wenn **Spieler A** die Karte in den Trash legt; hier hat Spieler B seine eigenen
              Karten in den Trash gelegt. Das ist unsere Lesart von CR 15-10-1-1; eine Regelentscheidung dazu haben
              wir nicht gefunden.

            Spieler A erhält also keinen Speicher: Der Speicher bleibt bei A3, nicht bei A5 wie im Wiki.
            """,
        outcome="""
            Berichtigtes Ergebnis: Nur Omnimon X' Effekt wird aktiviert; nichts wird gelöscht; beide
            Sicherheitsstapel behalten 3 Karten; der Speicher bleibt bei **A3**; Coredramon bleibt aufrecht; niemand
            gewinnt.
            """,
    ),
    "te09_chained_tamer_suspensions": dict(
        source=f"{TE} 9",
        title="Verkette abgeleitete Auslöser über drei Generationen",
        do="Du greifst mit UlforceVeedramon an, legst zwei Tamer in einer Kette quer und folgst jedem neuen Auslöser "
           "in eine neuere Generation, bis Majiramons Effekt, der älteste, als Letzter aktiviert wird.",
        learn="wie Generationen ineinanderliegen (die neueste wird immer zuerst geleert), dass ein Effekt ohne "
              "„einmal pro Zug“ für jedes Ereignis einmal auslöst und dass ein verpflichtender Effekt, der nichts "
              "ändert, sein „einmal pro Zug“ trotzdem verbraucht.",
        situation="""
            **UlforceVeedramon** (BT2-032) von Spieler A richtet sich jedes Mal auf, wenn im Zug von Spieler A einer
            seiner blauen Tamer quergelegt wird, und wird es in einem Zug zum ersten Mal in der Hauptphase
            aufgerichtet, erhält Spieler A 1 Speicher. Darunter liegt **Majiramon** (vererbtes [When Attacking],
            einmal pro Zug: Hat keines der Digimon des Gegners Karten unter sich, aufrichten). Die Tamer von Spieler A:
            **Sora Takenouchi & Joe Kido** (greift ein blaues Digimon an, kann Spieler A diesen Tamer quer legen, um
            bis zu zwei Karten unter einem Digimon des Gegners wegzunehmen) und **Joe Kido** (wird ein Tamer
            quergelegt, kann Spieler A Joe Kido quer legen, um 1 Speicher zu erhalten).

            Spieler B hat **Titamon** mit **SkullScorpiomon** darunter. Speicher A3. UlforceVeedramon greift Spieler B
            an.
            """,
        watch="""
            - **Generation 1**: Majiramon und Sora & Joe. Sora & Joe kommt zuerst und nimmt SkullScorpiomon weg.
            - **Generation 2** entsteht durch das Querlegen von Sora & Joe: Joe Kidos Effekt und UlforceVeedramons
              Aufrichten. Joe Kido kommt zuerst, sein eigenes Querlegen eröffnet **Generation 3**, und
              UlforceVeedramons Aufrichten dort eröffnet **Generation 4** (den Speichergewinn).
            - **Majiramon zuletzt.** Seine Bedingung ist inzwischen erfüllt, also wird es aktiviert; UlforceVeedramon
              ist schon aufrecht, es ändert sich nichts, aber das „einmal pro Zug“ ist verbraucht.
            """,
        try_it="""
            Wähle bei der ersten Frage zuerst **Majiramon**. Titamon hat noch eine Karte unter sich: Was geschieht mit
            Majiramons Effekt und mit seinem „einmal pro Zug“? (Die nächste Lektion, `te10`, ist genau diese
            Linie.)
            """,
        try_code=branch_de("order", "Majiramon"),
        differences="""
            Das stimmt mit CR 4.2 überein: Jeder Auslöser während einer Abhandlung beginnt eine neuere Generation, und
            diese wird zuerst geleert (CR 15-4-5-2). Majiramons Bedingung wird beim Aktivieren geprüft
            (CR 15-8-3-9-2); dann ist sie erfüllt, der Effekt ist verpflichtend, also wird er aktiviert, ändert nichts
            (CR 1-3-3) und verbraucht sein „einmal pro Zug“ (CR 15-14-1-4; docs/wiki-vs-cr.de.md, T9).

            Das Wiki bezeichnet in seinen Schritten zwei Effekte falsch (es nennt Joe Kidos Effekt „#6“, obwohl er
            #5 ist, und in Schritt 6 ist eine Bezeichnung verwechselt; docs/wiki-vs-cr.de.md, T5). Das Ergebnis ist
            davon nicht betroffen.
            """,
        outcome="""
            Das Beispiel sagt: Sora & Joe, Joe Kido, UlforceVeedramons Aufrichten (für Joe Kido), sein
            Speichergewinn, UlforceVeedramons Aufrichten (für Sora & Joe, ohne Änderung), dann Majiramon (ohne
            Änderung); nichts wird gelöscht; die Sicherheitsprüfung lässt Spieler B **1** Karte; der Speicher endet
            bei **A5**; UlforceVeedramon ist am Ende aufrecht und beide Tamer quergelegt.
            """,
    ),
    "te10_failed_condition_keeps_once_per_turn": dict(
        source=f"{TE} 10, berichtigt (dasselbe Spielfeld wie Beispiel 9)",
        title="Wähle Majiramon zuerst und behalte sein [Once Per Turn]",
        do="Du spielst das Spielfeld von Beispiel 9 nach, aktivierst Majiramons Effekt zuerst, solange seine "
           "Bedingung nicht erfüllt ist, und vergleichst das Ende mit Beispiel 9.",
        learn="dass ein Effekt, dessen Bedingung beim Aktivieren nicht erfüllt ist, gar nicht aktiviert wird und "
              "sein „einmal pro Zug“ nicht verbraucht (CR 15-6-3), anders als ein verpflichtender Effekt, der "
              "aktiviert wird und nichts zu tun hat.",
        situation="""
            Das Spielfeld von `te09_chained_tamer_suspensions`: UlforceVeedramon mit Majiramon darunter, die Tamer
            Sora Takenouchi & Joe Kido und Joe Kido, gegen Titamon von Spieler B mit SkullScorpiomon darunter.
            Speicher A3. UlforceVeedramon greift Spieler B an; diesmal wählt Spieler A zuerst **Majiramon**.
            """,
        watch="""
            - **Majiramon zuerst.** Titamon hat noch SkullScorpiomon, die Bedingung ist also nicht erfüllt: Der Effekt
              wird **nicht aktiviert** und ist endgültig aus der ausstehenden Aktivierung verschwunden.
            - **Sora & Joe** nimmt danach SkullScorpiomon weg, und die Kette der quergelegten Tamer läuft wie in
              Beispiel 9, in leicht anderer Reihenfolge.
            - **Das Ende** sieht aus wie in Beispiel 9, bis auf eines, das man auf dem Spielfeld nicht sieht:
              Majiramons „einmal pro Zug“ ist noch unverbraucht.
            """,
        try_it="""
            Wähle bei der ersten Frage zuerst **Sora & Joe**: Das ist die Linie von Beispiel 9. Vergleiche die
            Reihenfolgen der Aktivierungen beider Linien.
            """,
        try_code=branch_de("order", "Sora"),
        differences="""
            Schritt 3 des Wikis nennt Karten, die auf diesem Spielfeld gar nicht liegen, SkullMeramon unter
            MaloMyotismon, übernommen aus einem anderen Beispiel (docs/wiki-vs-cr.de.md, T4); in den Trash kommt
            tatsächlich SkullScorpiomon unter Titamon.

            Bei Majiramon hat das Wiki recht, und der Unterschied ist fein: Ein Effekt, dessen einziger Ablauf an einer
            nicht erfüllten Bedingung hängt, **kann nicht aktiviert werden** (CR 15-6-3), also bleibt sein „einmal pro
            Zug“ unverbraucht (CR 15-14-1-1). In diesem Angriff kommt er auch nicht wieder: [When Attacking] löst nur
            bei der Angriffsansage aus.
            """,
        outcome="""
            Das Beispiel sagt: Majiramon gewählt, aber **nicht aktiviert**, dann Sora & Joe, UlforceVeedramons
            Aufrichten (für Sora & Joe), sein Speichergewinn, Joe Kido, UlforceVeedramons Aufrichten (für Joe Kido,
            ohne Änderung); nichts wird gelöscht; die Sicherheitsprüfung lässt Spieler B **1** Karte; der Speicher
            endet bei **A5**.
            """,
    ),
}
"""English notebook name -> the German texts of that example (the fields of ``lesson_texts.Example``)."""
