"""German texts of the example lessons ar01-ar11 (the wiki's *Attack Resolution* examples), in our own words; see
:mod:`lesson_texts_de_examples`.
"""

from __future__ import annotations

from lesson_texts_de_examples import branch_de

__all__ = ["TEXTS"]

AR = "Wiki-Seite *Attack Resolution*, Beispiel"

TEXTS: dict[str, dict[str, str]] = {
    "ar01_piercing_into_an_empty_security_stack": dict(
        source=f"{AR} 1 (siehe auch Regelentscheidung R42)",
        title="Sieh zu, wie ein geblockter <Piercing>-Angriff den Sieg verfehlt",
        do="Du spielst HerculesKabuterimons Angriff auf einen Spieler ohne Sicherheitskarten nach, siehst, wie er "
           "geblockt wird, und folgst seinem <Piercing> bis zu einer Prüfung, die nichts zum Aufdecken findet.",
        learn="warum ein Block den Sieg verhindert, wo die <Piercing>-Prüfung im Angriff steht und dass ein "
              "optionaler [End of Attack]-Effekt die Wahl des Spielers am Zug ist.",
        situation="""
            Spieler A hat **HerculesKabuterimon** (10000 DP, <Piercing>) mit **Lillymon** darunter; Lillymons
            vererbtes [When Attacking] legt ein Digimon des Gegners quer, das kein <Blocker> hat. HerculesKabuterimon
            hat außerdem einen [End of Attack]-Effekt: Zahle 3 Speicher, um es aufzurichten (höchstens zweimal pro
            Zug).

            Spieler B hat **keine Sicherheitskarten** und zwei Digimon: **Kabuterimon** (5000 DP, <Blocker>) und
            **Goblimon** (3000 DP, ohne Effekte). Der Speicher beginnt bei A5; das Wiki nennt keine Zahl, und mit 5
            kann Spieler A den [End of Attack] bezahlen und bleibt trotzdem am Zug.

            HerculesKabuterimon greift Spieler B an.
            """,
        watch="""
            - **Angriffsansage.** Lillymons Effekt hat nur ein erlaubtes Ziel: Goblimon (Kabuterimon hat <Blocker>).
            - **Block-Zeitpunkt.** Kabuterimon blockt und wird zum Angriffsziel. Ab jetzt ist das ein Angriff auf
              ein Digimon, nicht auf den Spieler.
            - **Kampf.** 10000 gegen 5000: Kabuterimon wird gelöscht, und <Piercing> wird aktiviert; seine Prüfung
              wartet aber auf den Haltepunkt *<Piercing>-Prüfung* kurz vor dem Ende des Angriffs (CR 16-7-4).
            - **<Piercing>-Prüfung.** Der Sicherheitsstapel von Spieler B ist leer: Nichts wird aufgedeckt, und
              niemand gewinnt.
            - **Ende des Angriffs.** Spieler A wird gefragt, ob er 3 Speicher zahlt, um HerculesKabuterimon
              aufzurichten.
            """,
        try_it="""
            Geh im Player zur Block-Frage und wähle **Nicht blocken**. Jetzt erreicht der Angriff „Erfolg prüfen“
            gegen einen Spieler ohne Sicherheitskarten. Was passiert? Geh danach zurück zur dokumentierten Linie und
            lehne bei der Frage zum [End of Attack] ab: Welche zwei Dinge auf dem Spielfeld sind am Ende anders?

            Das Erste davon aus Python:
            """,
        try_code=branch_de("block", "Nicht blocken"),
        differences="""
            Das Wiki kommt zum richtigen Ergebnis (kein Sieg), aber über eine Regel, die es nicht mehr gibt: Version
            3.6 der Regeln verbot eine <Piercing>-Prüfung gegen einen Spieler ohne Sicherheitskarten (ihre 16-6-6),
            und CR 3.7 hat diese Regel gestrichen. Nach CR 4.2 ist der Grund ein anderer: Ein Spieler verliert nur
            durch einen Angriff **auf den Spieler**, der „Erfolg prüfen“ erreicht, während er keine
            Sicherheitskarten hat (CR 1-2-3-1, 11-5-1-2-1). Der Block hat Kabuterimon zum Ziel gemacht, und eine
            <Piercing>-Prüfung ist kein Erfolg-Prüfen; ohne Karte zum Aufdecken bewirkt die Prüfung einfach nichts
            (CR 13-1-8-1, 1-3-2).

            Das Wiki spricht außerdem von einem eigenen Zeitpunkt nach [When Attacking] für Effekte, die auf den
            Angriff des Gegners reagieren. Seit CR 2.0 (2024) lösen solche Effekte bei der Angriffsansage zusammen
            mit [When Attacking] aus (Q&A Q1976). Spieler B hat hier keinen, also ändert sich nichts.
            """,
        outcome="""
            Das Beispiel sagt: Lillymons Effekt, dann <Piercing>, dann der [End of Attack] werden aktiviert;
            Kabuterimon wird im Kampf gelöscht; Spieler B hat weiter 0 Sicherheitskarten, und **niemand gewinnt**;
            Spieler A zahlt 3, und der Speicher endet bei A2; HerculesKabuterimon ist aufrecht und Goblimon
            quergelegt.
            """,
    ),
    "ar02_unsuspend_before_the_block": dict(
        source=f"{AR} 2 (siehe auch Regelentscheidung R11)",
        title="Richte BlackWarGreymon bei der Angriffsansage auf, noch vor jedem Block",
        do="Du spielst BlackWarGreymons Angriff auf Beelzemon nach, siehst, wie sein [When Attacking] es sofort "
           "wieder aufrichtet, und schaust dann zu, wie Vilemon blockt.",
        learn="dass eine Bedingung über „das Digimon, das es angreift“ auf das Ziel schaut, das bei der "
              "Angriffsansage gewählt wurde, und dass [When Attacking]-Effekte vor dem Block-Zeitpunkt fertig "
              "sind, sodass ein Block sie nicht rückgängig machen kann.",
        situation="""
            **BlackWarGreymon** (12000 DP) von Spieler A richtet sich selbst auf, wenn das Digimon, das es angreift,
            das stärkste (mit den höchsten DP) unter den Digimon von Spieler B ist. Spieler B hat ein **quergelegtes
            Beelzemon** (11000 DP) und ein **aufrechtes Vilemon** (6000 DP, <Blocker>). Speicher A3 (angenommen;
            nichts ändert ihn).

            BlackWarGreymon greift Beelzemon an; das ist ein erlaubtes Ziel, weil es quergelegt ist (CR 11-2-7-1).
            """,
        watch="""
            - **Angriffsansage.** Das Ziel ist Beelzemon, das stärkste Digimon von Spieler B; die Bedingung ist also
              erfüllt, und BlackWarGreymon richtet sich auf, bevor irgendetwas anderes geschieht (CR 11-2-7-6).
            - **Block-Zeitpunkt.** Vilemon blockt: Es wird quergelegt und zum neuen Angriffsziel (CR 12-1-1). Der
              [When Attacking]-Effekt ist schon abgehandelt und bleibt es.
            - **Kampf.** 12000 gegen 6000: Vilemon wird gelöscht. Beelzemon kämpft nie.
            """,
        try_it="""
            Wähle bei der Block-Frage **Nicht blocken**. Jetzt kämpft BlackWarGreymon gegen Beelzemon. Welches
            Digimon wird gelöscht, und ist BlackWarGreymon am Ende des Angriffs immer noch aufrecht?
            """,
        try_code=branch_de("block", "Nicht blocken"),
        differences="""
            Das Ergebnis des Wikis stimmt mit CR 4.2 überein. Zwei Punkte lohnt es sich, deutlich zu sagen:

            - Der Block ändert das Ziel **nachdem** die Bedingung geprüft wurde. „Wenn es X angreift“ meint immer das
              bei der Angriffsansage gewählte Ziel (CR 11-2-7-6), und jeder [When Attacking]-Effekt ist abgehandelt,
              bevor Konter-Zeitpunkt und Block-Zeitpunkt beginnen (CR 11-1-4; Q&A Q3189).
            - Das allgemeine Vorgehen des Wikis behandelt Effekte „wenn ein Digimon des Gegners angreift“ noch in
              einem eigenen, späteren Schritt; seit 2024 lösen sie bei der Angriffsansage aus (Q&A Q1976). Spieler B
              hat hier keinen.
            """,
        outcome="""
            Das Beispiel sagt: Nur BlackWarGreymons [When Attacking] wird aktiviert; Vilemon wird im Kampf gelöscht,
            Beelzemon bleibt; beide Sicherheitsstapel behalten 3 Karten; der Speicher bleibt bei A3; BlackWarGreymon
            ist am Ende aufrecht; niemand gewinnt.
            """,
    ),
    "ar03_security_check_cut_short": dict(
        source=f"{AR} 3 (siehe auch Regelentscheidung R21)",
        title="Zähle eine Sicherheitsprüfung neu, wenn <Security A.> mittendrin sinkt",
        do="Du spielst MetalGreymons Angriff nach, deckst Holy Flame auf und siehst, wie die Zahl der zu prüfenden "
           "Karten mitten in der Prüfung von 3 auf 2 fällt.",
        learn="dass ein Angriff eine einzige Sicherheitsprüfung über mehrere Karten hat (CR 13-1-2), dass die Zahl "
              "nach jeder Karte neu bestimmt wird (CR 16-4-2), dass ein [Security]-Effekt sofort aktiviert wird "
              "und dass Speicher auf der Seite des Gegners einen Angriff nicht aufhält.",
        situation="""
            **MetalGreymon** (9000 DP, <Security A. +2>) von Spieler A verliert mit seinem [When Attacking] 5
            Speicher. Der Speicher beginnt bei A3. Spieler B hat ein aufrechtes **Piddomon** (<Blocker>) und einen
            Sicherheitsstapel aus **Holy Flame** (eine Optionskarte, deren [Security]-Effekt allen Digimon des
            angreifenden Spielers für diesen Zug <Security A. -1> gibt), **Patamon** (1000 DP) und einer dritten
            Karte.

            Das Wiki nennt nur zwei Sicherheitskarten. Das Szenario fügt eine dritte hinzu, damit man das vorzeitige
            Ende sieht: Bei zwei Karten würde auch eine Engine, die Holy Flame übersieht, nach zwei aufhören.

            MetalGreymon greift Spieler B an; Spieler B blockt nicht.
            """,
        watch="""
            - **Angriffsansage.** Der Speicher geht von A3 auf B2. Der Angriff läuft weiter; der Zug kann erst
              wechseln, wenn der Angriff vorbei ist (CR 6-1-4-1; Q&A Q990).
            - **Sicherheitsprüfung.** 1 + 2 = 3 Karten sind zu prüfen. Zuerst kommt Holy Flame; ihr
              [Security]-Effekt wird sofort aktiviert (CR 15-16-10-2), und MetalGreymons Zahl sinkt auf 2.
            - **Patamon** kämpft als Sicherheits-Digimon und verliert; es kommt in den Trash, ohne gelöscht zu
              werden.
            - **Die Prüfung endet** nach der zweiten Karte; die dritte bleibt im Sicherheitsstapel.
            """,
        try_it="""
            Blocke bei der Block-Frage stattdessen mit **Piddomon**. Gibt es dann noch eine Sicherheitsprüfung? Endet
            die Speicheranzeige woanders?
            """,
        try_code=branch_de("block", "Mit "),
        differences="""
            Das Ergebnis stimmt mit CR 4.2 überein. Wenn das Wiki von MetalGreymons „Sicherheitsangriffswert 2“
            spricht, meint es insgesamt 2 Karten (1 + 2 − 1); sein <Security A.> ergibt zusammen +1.

            In einem Punkt ist sein allgemeines Vorgehen veraltet: Es beschreibt für jedes <Security A. +1> eine
            eigene Prüfung. Seit CR 3.7 hat ein Angriff **eine** Sicherheitsprüfung über mehrere Karten
            (CR 13-1-2), und die Zahl der Karten wird nach jeder Karte neu bestimmt (CR 16-4-2; Q&A Q3346). Deshalb
            kann Holy Flame eine Prüfung verkürzen, die schon läuft.
            """,
        outcome="""
            Das Beispiel sagt: MetalGreymons [When Attacking] und Holy Flames [Security] werden aktiviert; nichts wird
            gelöscht; der Sicherheitsstapel von Spieler B geht von 3 auf **1** (zwei Karten geprüft); der Speicher
            endet bei **B2**, also endet der Zug von Spieler A, sobald der Angriff vorbei ist; niemand gewinnt.
            """,
    ),
    "ar04_security_effects_before_the_battle": dict(
        source=f"{AR} 4 (siehe auch Regelentscheidung R23)",
        title="Handle die Effekte einer geprüften Karte vor ihrem Kampf ab",
        do="Du spielst Boltmons Angriff auf ein BlackGatomon aus dem Sicherheitsstapel nach und siehst, wie zwei Effekte "
           "die DP beider Seiten ändern, bevor die zwei Karten verglichen werden.",
        learn="dass ein [Security]-Effekt sofort aktiviert wird, dass andere Effekte, die die Prüfung auslöst, vor "
              "dem Sicherheitskampf abgehandelt werden, dass sich DP-Boni mehrerer Karten addieren und dass ein "
              "Gleichstand mit einem Sicherheits-Digimon den Angreifer löschen würde.",
        situation="""
            **Boltmon** (12000 DP) von Spieler A hat **Yaamon** unter sich: Im Zug von Spieler A gibt es +1000 DP,
            solange im Trash von Spieler A 5 oder mehr Karten liegen. Im Trash liegen **4**.

            Spieler B hat **DanDevimon** (einmal in jedem Zug des Gegners: Verlässt eine Sicherheitskarte von Spieler
            B den Sicherheitsstapel, kommt die oberste Sicherheitskarte des Gegners in den Trash) und **viermal T.K.
            Takaishi** als Tamer (jeder gibt den Sicherheits-Digimon von Spieler B im Zug des Gegners +2000 DP). Die
            oberste Sicherheitskarte von Spieler B ist **BlackGatomon** (4000 DP); sein [Security]-Effekt spielt es
            in den Kampfbereich aus, sobald sein Sicherheitskampf vorbei ist.

            Boltmon greift Spieler B an.
            """,
        watch="""
            - **Die Prüfung.** BlackGatomon verlässt beim Aufdecken den Sicherheitsstapel. Sein [Security]-Effekt
              wird sofort aktiviert und sorgt dafür, dass es nach dem Kampf ausgespielt wird.
            - **DanDevimon** hat beim Verlassen derselben Karte ausgelöst; sein Effekt wird als Nächstes
              abgehandelt und legt die oberste Sicherheitskarte von Spieler A in den Trash. Der Trash von Spieler A
              erreicht 5, also greift Yaamons Bonus: Boltmon hat jetzt 13000.
            - **Der Sicherheitskampf** erst danach: 13000 gegen 12000 (4000 + 4 × 2000). Boltmon gewinnt.
            - **Nach dem Kampf** kommt BlackGatomon in den Kampfbereich von Spieler B statt in den Trash.
            """,
        try_it="""
            In dieser Linie gibt es keine Fragen zu beantworten: Jeder Effekt darin ist verpflichtend. Geh stattdessen
            mit Blick auf das Diagramm *Ausstehende Aktivierung* vor und zurück und such den Schritt, an dem
            DanDevimons Effekt wartet, während BlackGatomons [Security]-Effekt schon abgehandelt ist. Wie wäre der
            Kampf ausgegangen, wenn DanDevimon erst danach drangekommen wäre?
            """,
        differences="""
            Das Ergebnis des Wikis stimmt mit CR 4.2 überein. Entscheidend ist die Reihenfolge: [Security]-Effekte
            werden sofort aktiviert, ohne in der ausstehenden Aktivierung zu warten (CR 15-16-10-2), und jeder
            Effekt, den die Prüfung ausgelöst hat, wird vor dem Sicherheitskampf abgehandelt (CR 13-1-8-2 vor
            13-1-8-3). Wäre DanDevimons Effekt erst nach dem Kampf gekommen, hätte Boltmon 12000 gehabt, gleich viel
            wie BlackGatomon, und ein Gleichstand mit einem Sicherheits-Digimon löscht den Angreifer (CR 14-2-1-3,
            14-2-3).

            Schritt 7 des Wikis verweist auf „Schritt 2“, gemeint ist Schritt 6: nur ein Zählfehler.
            """,
        outcome="""
            Das Beispiel sagt: BlackGatomons [Security]-Effekt, dann DanDevimons Effekt, dann der Kampf, dann wird
            BlackGatomon ausgespielt; nichts wird gelöscht; beide Sicherheitsstapel gehen von 3 auf **2**; der
            Speicher bleibt bei A3; Boltmon ist quergelegt, und BlackGatomon steht aufrecht im Kampfbereich von
            Spieler B; niemand gewinnt.
            """,
    ),
    "ar05_piercing_waits": dict(
        source=f"{AR} 5 (siehe auch Regelentscheidungen R37, R41)",
        title="Lass die <Piercing>-Prüfung auf die anderen Auslöser des Kampfes warten",
        do="Du spielst HerculesKabuterimons Angriff auf Salamon nach und siehst, wie drei Effekte den "
           "Sicherheitsstapel von Spieler B verändern, bevor die <Piercing>-Prüfung ihre Karte aufdeckt.",
        learn="dass <Piercing> zusammen mit den anderen Auslösern des Kampfes aktiviert wird, aber erst kurz vor dem "
              "Ende des Angriffs prüft, dass eine Sicherheitskarte in den Trash zu legen keine Prüfung ist und dass "
              "ein Gleichstand mit einem Sicherheits-Digimon den Angreifer löscht.",
        situation="""
            **HerculesKabuterimon** (12000 DP, <Piercing>) von Spieler A hat **MegaKabuterimon** unter sich. Einmal pro
            Zug gilt: Löscht das Digimon über MegaKabuterimon im Kampf ein Digimon des Gegners und überlebt, kommt die
            oberste Sicherheitskarte des Gegners in den Trash.

            Spieler B hat ein **quergelegtes Salamon** (2000 DP; wird es gelöscht, legt ein Spieler mit 3 oder weniger
            Sicherheitskarten die oberste Karte seines Decks oben auf seinen Sicherheitsstapel). Der
            Sicherheitsstapel von Spieler B ist **Wyvern's Breath** über **Tapirmon**; oben auf dem Deck von Spieler
            B liegt **Magnadramon** (12000 DP).

            HerculesKabuterimon greift Salamon an.
            """,
        watch="""
            - **Kampf.** 12000 gegen 2000: Salamon wird gelöscht. Drei Effekte lösen zusammen aus: <Piercing>,
              MegaKabuterimons vererbter Effekt (beide von Spieler A) und Salamons [On Deletion] (von Spieler B).
            - **Spieler A zuerst** (CR 15-4-3-5). <Piercing> wird aktiviert, merkt aber nur eine Prüfung für später
              vor. MegaKabuterimons Effekt legt Wyvern's Breath in den Trash: in den Trash gelegt, nicht geprüft,
              also bewirkt sein [Security]-Effekt nichts.
            - **Dann Spieler B.** Salamons Effekt legt Magnadramon oben auf den Sicherheitsstapel.
            - **<Piercing>-Prüfung.** Sie deckt Magnadramon auf: 12000 gegen 12000. Ein Gleichstand löscht den
              Angreifer, und das Sicherheits-Digimon kommt in den Trash.
            """,
        try_it="""
            Nach dem Kampf wählt Spieler A, welcher seiner zwei Effekte zuerst aktiviert wird. Nimm den anderen
            (MegaKabuterimons). Ändert sich etwas am Ergebnis? Warum nicht?
            """,
        try_code=branch_de("order", "MegaKabuterimon"),
        differences="""
            Das Beispiel selbst stimmt mit CR 4.2 überein, das allgemeine Vorgehen des Wikis nicht: Es löscht den
            Angreifer nur, wenn seine DP **niedriger** sind als die des Sicherheits-Digimon; auch ein Gleichstand
            löscht ihn aber (CR 14-2-1-3, 14-2-3). Das Beispiel wendet den Gleichstand richtig an, das Vorgehen würde
            es nicht.

            Wo <Piercing> steht: Es wird in der üblichen Reihenfolge mit den anderen Auslösern des Kampfes aktiviert
            (Spieler am Zug zuerst), und nur seine Prüfung wartet bis kurz vor dem Ende des Angriffs (CR 16-7-4; Q&A
            Q2298, Q2926, Q3931). Die Prüfung sieht den Sicherheitsstapel also so, wie die anderen Auslöser ihn
            hinterlassen haben.
            """,
        outcome="""
            Das Beispiel sagt: <Piercing>, dann MegaKabuterimons Effekt, dann Salamons [On Deletion], dann die
            Prüfung; **Salamon und HerculesKabuterimon** werden gelöscht; der Sicherheitsstapel von Spieler B endet
            mit **1** Karte (Tapirmon); der Speicher bleibt bei A3; niemand gewinnt.
            """,
    ),
    "ar06_piercing_after_it_is_lost": dict(
        source=f"{AR} 6 (siehe auch Regelentscheidung R05)",
        title="Behalte eine <Piercing>-Prüfung, nachdem <Piercing> weg ist",
        do="Du digitierst Durandamon in Omnimon, greifst Devimon mit <Blitz> an, lässt Omnimon Durandamon in den Trash legen, "
           "um <Retaliation> zu überstehen, und siehst, dass die <Piercing>-Prüfung trotzdem stattfindet.",
        learn="warum Omnimon sich vor <Blitz> aufrichten muss, dass <Retaliation> durch einen Effekt löscht, dass "
              "eine verhinderte Löschung keine Löschung ist und dass ein aktiviertes <Piercing> auch dann prüft, "
              "wenn die Karte, die es gab, nicht mehr da ist.",
        situation="""
            Spieler A hat ein **quergelegtes Durandamon** (es gibt dem Digimon über ihm <Piercing>) und **Omnimon** auf
            der Hand. Omnimon (14000 DP) hat zwei [When Digivolving]-Effekte, <Blitz> (sofort angreifen, wenn der
            Gegner Speicher hat) und „richte dieses Digimon auf“, und einen dritten Effekt: Soll es durch einen Effekt
            des Gegners gelöscht werden, kann es stattdessen eine Karte der Stufe 6 unter sich abgeben und bleiben.

            Spieler B hat ein **quergelegtes Devimon** (4000 DP, <Retaliation>: Wird es im Kampf gelöscht, wird das
            Digimon, das es besiegt hat, ebenfalls gelöscht) und **Boltmon** (12000 DP) oben auf dem
            Sicherheitsstapel. Der Speicher beginnt bei A3.

            Spieler A digitiert Durandamon für 4 Speicher in Omnimon; der Speicher geht auf B1.
            """,
        watch="""
            - **Die Reihenfolge der zwei [When Digivolving]-Effekte.** Omnimon ist noch quergelegt, und ein
              quergelegtes Digimon kann nicht angreifen; also richtet Spieler A es zuerst auf und setzt dann <Blitz>
              ein.
            - **Kampf.** 14000 gegen 4000: Devimon wird gelöscht. <Piercing> (von Spieler A) und <Retaliation> (von
              Spieler B) lösen zusammen aus; der Effekt von Spieler A kommt zuerst.
            - **<Retaliation>** will Omnimon löschen. Omnimons Schutz greift: Durandamon kommt unter ihm hervor in den
              Trash, und die Löschung findet nicht statt. Omnimon hat jetzt kein <Piercing> mehr.
            - **Die <Piercing>-Prüfung** findet trotzdem statt: Boltmon wird aufgedeckt und verliert, 14000 gegen
              12000.
            """,
        try_it="""
            Aktiviere bei der ersten Frage **<Blitz>** vor dem Aufrichten. Gibt es überhaupt einen Angriff?
            """,
        try_code=branch_de("order", "Blitz"),
        differences="""
            Das Ergebnis des Wikis stimmt mit CR 4.2 überein. Drei Regelentscheidungen tragen es:

            - Ein aktiviertes <Piercing> behält seine Prüfung, auch wenn das Digimon <Piercing> danach verliert
              (CR 16-7-4; Q&A Q2852, Q3196, Q3931).
            - <Retaliation> löscht durch einen Effekt von Spieler B (Q&A Q2397, Q3439); Omnimons Schutz vor Effekten
              des Gegners greift also. Gegen eine Löschung im Kampf würde er nicht greifen.
            - Eine verhinderte Löschung ist keine Löschung; nichts, was auf „gelöscht“ wartet, löst aus (Q&A Q1357).

            Wie in den anderen Beispielen ist der eigene Schritt des Wikis für „wenn der Gegner angreift“ das Modell
            von vor 2024.
            """,
        outcome="""
            Das Beispiel sagt: das Aufrichten, dann <Blitz>, dann (nach dem Kampf) <Piercing>, dann <Retaliation>,
            das Omnimons eigener Effekt verhindert; nur **Devimon** wird gelöscht; der Sicherheitsstapel von Spieler B
            geht von 3 auf **2**; der Speicher endet bei **B1**, also endet der Zug von Spieler A nach dem Angriff;
            Omnimon ist quergelegt und hat keine Digitationskarten mehr; niemand gewinnt.
            """,
    ),
    "ar07_condition_checked_on_activation": dict(
        source=f"{AR} 7, berichtigt (siehe auch Regelentscheidung R09)",
        title="Prüfe Rosemons Bedingung beim Aktivieren, nicht beim Auslösen",
        do="Du spielst MetalGarurumons Angriff nach, siehst, wie Rosemons Effekt auslöst und dann nicht aktiviert "
           "wird, und schaust zu, wie Rosemon blockt und mit MetalGarurumon zusammen untergeht.",
        learn="den Unterschied zwischen einer Auslösebedingung und einer Bedingung, die beim Aktivieren geprüft wird, "
              "dass ein Effekt mit nicht erfüllter Bedingung gar nicht aktiviert wird und dass das Wiki dieses "
              "Beispiel falsch durchgeht.",
        situation="""
            **MetalGarurumon** (11000 DP) von Spieler A richtet sich auf, wenn es in einem Zug zum ersten Mal
            angreift.

            Spieler B hat ein **quergelegtes VenomMyotismon** (im Zug des Gegners erhält Spieler B jedes Mal 1
            Speicher, wenn ein Digimon des Gegners quergelegt wird) und ein **aufrechtes Rosemon** (11000 DP), das
            im letzten Zug durch die Optionskarte Testament <Blocker> bekommen hat. Rosemons eigener Effekt: Greift
            ein Digimon des Gegners einen Spieler an, **und ist Rosemon quergelegt**, lege ein Digimon des Gegners
            quer. Speicher A3.

            MetalGarurumon greift Spieler B an.
            """,
        watch="""
            - **Angriffsansage.** Drei Effekte lösen zusammen aus: MetalGarurumons [When Attacking] (von Spieler A),
              VenomMyotismons und Rosemons (von Spieler B).
            - **Spieler A zuerst.** MetalGarurumon richtet sich auf.
            - **Rosemons Effekt** kommt an die Reihe, aber Rosemon ist aufrecht, also wird der Effekt **nicht
              aktiviert**; das Diagramm *Ausstehende Aktivierung* zeigt ihn als nicht aktiviert. VenomMyotismons
              Effekt gibt Spieler B 1 Speicher.
            - **Block-Zeitpunkt.** Rosemon blockt: 11000 gegen 11000, und beide werden gelöscht.
            """,
        try_it="""
            Spieler B muss zwei Effekte ordnen. Probier die andere Reihenfolge: Spielt sie eine Rolle? Wähle dann bei
            der Block-Frage **Nicht blocken**: Wohin geht MetalGarurumons Angriff stattdessen?
            """,
        try_code=branch_de("block", "Nicht blocken"),
        differences="""
            **Hier irrt das Wiki** (docs/wiki-vs-cr.de.md, A7). Es aktiviert Rosemons Effekt und legt MetalGarurumon
            quer. „Wenn dieses Digimon quergelegt ist“ ist aber eine Bedingung, die **beim Aktivieren** geprüft wird
            (CR 15-8-3-9-2; Q&A Q937, Q938), und ist keine Bedingung des Effekts erfüllt, kann er gar nicht aktiviert
            werden (CR 15-6-3). Rosemon ist aufrecht; das zeigt der eigene Schritt 4 des Wikis, in dem Rosemon blockt.

            Zwei weitere Fehler: Hätte Rosemons Effekt MetalGarurumon quergelegt, hätte VenomMyotismon ein zweites Mal
            ausgelöst, was das Wiki weglässt; und Rosemons Auslöser gehört zur Angriffsansage, nicht in einen späteren
            Konter-Schritt (Q&A Q1976). Das Szenario folgt CR 4.2.
            """,
        outcome="""
            Berichtigtes Ergebnis: MetalGarurumons [When Attacking] und VenomMyotismons Effekt werden aktiviert;
            Rosemons Effekt löst aus, wird aber **nicht aktiviert**; **MetalGarurumon und Rosemon** werden beide im
            Kampf gelöscht; beide Sicherheitsstapel behalten 3 Karten; der Speicher endet bei **A2**; niemand
            gewinnt.
            """,
    ),
    "ar08_blitz_triggers_jump_ahead": dict(
        source=f"{AR} 8 (siehe auch Regelentscheidungen R01, R05)",
        title="Lass die Auslöser eines <Blitz>-Angriffs vor älteren Effekten drankommen",
        do="Du digitierst MetalGarurumon in Omnimon, greifst sofort mit <Blitz> an und folgst den neuen Auslösern "
           "an den Effekten vorbei, die schon gewartet haben.",
        learn="abgeleitete Auslöser: Effekte, die auslösen, während eine Generation abgehandelt wird, kommen zuerst, "
              "auch die des Spielers nicht am Zug (CR 15-4-5-2, 15-4-5-3); und die älteren Effekte sind trotzdem "
              "vor dem Konter-Zeitpunkt fertig.",
        situation="""
            Spieler A hat ein aufrechtes **MetalGarurumon** (BT5-031; das Digimon über ihm erhält 1 Speicher, wenn es
            in einem Zug zum ersten Mal angreift), den Tamer **Takumi Aiba** (digitiert ein Digimon von Spieler A,
            kann Spieler A Takumi quer legen, um eine Karte zu ziehen) und **Omnimon** auf der Hand (<Blitz> und
            „richte dieses Digimon auf“, beide [When Digivolving]).

            Spieler B hat **Coredramon** (6000 DP, <Blocker>) und **VenomMyotismon** (erhält im Zug des Gegners 1
            Speicher, wann immer ein Digimon des Gegners quergelegt wird). Speicher A3.

            Spieler A digitiert MetalGarurumon für 4 Speicher in Omnimon (Speicher B1) und zieht eine Karte.
            """,
        watch="""
            - **Generation 1**: Omnimons zwei Effekte und der von Takumi Aiba. Spieler A wählt zuerst <Blitz> und
              greift Spieler B an.
            - **Generation 2** entsteht bei der Angriffsansage: MetalGarurumons vererbtes [When Attacking] (Spieler
              A) und VenomMyotismons Effekt (Spieler B). Beide kommen **vor** Takumi Aiba und dem Aufrichten, die
              älter sind.
            - **Zurück zu Generation 1**, immer noch im Zeitpunkt der Angriffsansage: Takumi Aiba zieht, Omnimon
              richtet sich auf.
            - **Block.** Coredramon blockt und wird gelöscht, 14000 gegen 6000.
            """,
        try_it="""
            Aktiviere bei der ersten Frage Omnimons **Aufrichten** vor <Blitz>. Nutze dann <Blitz> und greif Spieler
            B an, wie in der dokumentierten Linie (danach gelten die dokumentierten Antworten: Takumi Aiba zieht,
            Coredramon blockt). Was ändert sich am Ende: Ist Omnimon quergelegt oder nicht? Wie viele Karten hält
            Spieler A?
            """,
        try_code=branch_de("order", "Omnimon – aufrichten",
                           then=("Aktivieren: [When Digivolving] von BT5-086 Omnimon – <Blitz>", "Spieler B angreifen"),
                           facts="""\
    for heading, line in (("deine Linie", mine), ("dokumentiert", trace)):
        a = line.steps[-1].board.sides[0]
        omnimon = next(s for s in a.battle_area if "Omnimon" in s.top.label)
        print(f"Am Ende ({heading}): Omnimon {'quergelegt' if omnimon.suspended else 'aufrecht'}, "
              f"Spieler A hält {a.hand_size} Karten")
""", then_comment="<Blitz> nutzen, Spieler B angreifen"),
        differences="""
            Die Reihenfolge des Wikis stimmt, und zwar wegen des abgeleiteten Auslösens: Effekte, die auslösen,
            während eine Gruppe abgehandelt wird, werden vor den älteren aktiviert, und ein abgeleiteter Auslöser des
            Spielers nicht am Zug kommt vor den älteren Effekten des Spielers am Zug (CR 15-4-5-2, 15-4-5-3;
            docs/wiki-vs-cr.de.md, A10).

            Was das Wiki weglässt: den Konter-Zeitpunkt, und dass der Speicher auf der Seite von Spieler B endet,
            sodass der Zug von Spieler A nach dem Angriff endet (CR 6-1-4-1). Ein <Blitz>-Angriff läuft weiter, egal
            wohin die Speicheranzeige wandert (CR 16-16-4). Die älteren Effekte sind bei der Angriffsansage fertig,
            vor Konter-Zeitpunkt und Block, nicht erst am Ende des Angriffs (Q&A Q1356, Q1299).
            """,
        outcome="""
            Das Beispiel sagt: <Blitz>, dann MetalGarurumons vererbtes [When Attacking], dann VenomMyotismons Effekt,
            dann der von Takumi Aiba, dann das Aufrichten; **Coredramon** wird im Kampf gelöscht; beide
            Sicherheitsstapel behalten 3 Karten; der Speicher endet bei **B1** (A zahlt 4, erhält 1, dann erhält B
            1), also geht der Zug nach dem Angriff über; Omnimon ist am Ende aufrecht und Takumi Aiba quergelegt; niemand
            gewinnt.
            """,
    ),
    "ar09_blast_digivolve_in_the_counter_timing": dict(
        source=f"{AR} 9",
        title="Digitiere mit <Blast Digivolve> im Konter-Zeitpunkt und verliere den Blocker",
        do="Du spielst HiAndromons Angriff nach, antwortest mit einem [Counter] <Blast Digivolve> in MetalGarurumon "
           "und siehst, was Spieler B dabei gewinnt und was er aufgibt.",
        learn="wofür der Konter-Zeitpunkt da ist, dass ein <Blast Digivolve> eine Digitation ist (mit dem Ziehen "
              "einer Karte), dass <Blocker> nicht vererbt wird und dass Speicher auf der Seite des Gegners einen "
              "Angriff nicht aufhält.",
        situation="""
            **HiAndromon** (12000 DP, ohne Effekte) von Spieler A greift Spieler B an. Speicher A2.

            Spieler B hat **ExTyrannomon** (9000 DP, <Blocker>; ohne Digitationskarten kann es weder angreifen noch
            blocken) mit **Devimon** darunter und hält **MetalGarurumon** (ST16-12) und drei weitere Karten auf der
            Hand. MetalGarurumon hat ein [Counter] <Blast Digivolve> (während der Gegner angreift, kann Spieler B es
            ohne Kosten aus der Hand auf eines seiner Digimon legen: eine Digitation) und einen [When
            Digivolving]-Effekt: Lege bis zu 3 Handkarten in den Trash und erhalte so viel Speicher. Die oberste
            Sicherheitskarte von Spieler B ist ein **Devimon** (5000 DP).
            """,
        watch="""
            - **Konter-Zeitpunkt.** Spieler B setzt das <Blast Digivolve> ein: ExTyrannomon wird zu MetalGarurumon,
              und Spieler B zieht für die Digitation eine Karte.
            - **[When Digivolving].** Spieler B legt 3 Karten in den Trash und erhält 3 Speicher: Die Anzeige geht
              auf B1. Der Angriff läuft weiter.
            - **Block-Zeitpunkt.** ExTyrannomons <Blocker> liegt jetzt unter MetalGarurumon und wirkt dort nicht:
              kein Block.
            - **Sicherheitsprüfung.** Devimon wird aufgedeckt und verliert, 12000 gegen 5000.
            """,
        try_it="""
            Entscheide dich bei der Frage zum Konter-Zeitpunkt, den [Counter] nicht einzusetzen. Kann Spieler B jetzt
            mit ExTyrannomon blocken? Vergleiche am Ende die Speicheranzeige und die Hand von Spieler B.
            """,
        differences="""
            Das Ergebnis des Wikis stimmt mit CR 4.2 überein, wenn man die Kartendaten zugrunde legt. Es stellt
            Effekte „wenn ein Digimon deines Gegners angreift“ noch in den Konter-Zeitpunkt, das Modell von vor 2024
            (Q&A Q1976), und es vergisst die Karte, die man beim Digitieren zieht (CR 8-1-3) und die auch ein <Blast
            Digivolve> gibt (CR 16-26).

            Ein Vorbehalt zu den Daten: Das Beispiel funktioniert nur, wenn ST16-12 aus einem **lila** Digimon
            der Stufe 5 digitieren kann, wie es unsere Kartendaten sagen. ST-16 ist ein blaues Starter-Deck; verlangt
            die gedruckte Karte ein blaues Digimon der Stufe 5, ließe sich der [Counter] hier nicht einsetzen (seine
            Voraussetzungen werden beim Einsetzen geprüft, Q&A Q4014, Q4015).
            """,
        outcome="""
            Das Beispiel sagt: <Blast Digivolve>, dann MetalGarurumons [When Digivolving], dann die
            Sicherheitsprüfung gegen Devimon; nichts wird gelöscht; der Sicherheitsstapel von Spieler B geht von 2
            auf **1**; der Speicher endet bei **B1**, also endet der Zug von Spieler A nach dem Angriff; Spieler B
            hält 1 Karte; niemand gewinnt.
            """,
    ),
    "ar10_alliance_ends_with_the_attack": dict(
        source=f"{AR} 10, Rechnung berichtigt",
        title="Digitiere mitten im Angriff und verliere danach den <Alliance>-Bonus",
        do="Du folgst Wendigomons Angriff auf Kentaurosmon durch <Alliance>, eine Digitation in Antylamon während "
           "der Angriffsansage, ein [On Deletion] mit -11000 DP, zwei [End of Attack]-Effekte und eine "
           "Regelprüfung.",
        learn="dass ein Digimon, das digitiert, derselbe Angreifer bleibt und seine Boni behält, dass Boni „für "
              "diesen Angriff“ mit dem Angriff enden und dass eine Regelprüfung danach ein Digimon mit 0 DP löscht.",
        situation="""
            **Wendigomon** (4000 DP, <Alliance>) von Spieler A hat **Lopmon** und **Pinamon** unter sich, daneben
            steht ein aufrechtes **Turuiemon**. Lopmons vererbter Effekt: Legt <Alliance> eines der Digimon von
            Spieler A quer, kann das Digimon über Lopmon aus der Hand in eine grüne zweifarbige Karte digitieren, für
            2 weniger. Pinamons vererbtes [When Attacking] zieht eine Karte, wenn der Angriff ein Digimon zum Ziel
            hat. Spieler A hält **Antylamon** (8000 DP; sein [End of Attack] kann ein grünes Digimon der Stufe 3 aus
            dem Trash ausspielen) und hat zwei **Goblimon** im Trash.

            Spieler B hat ein **quergelegtes Kentaurosmon** (11000 DP; sein [On Deletion] gibt einem Digimon des
            Gegners für diesen Zug -11000 DP). Speicher A3.

            Wendigomon greift Kentaurosmon an.
            """,
        watch="""
            - **<Alliance>.** Spieler A legt Turuiemon quer: +4000 DP und <Security A. +1> für diesen Angriff.
            - **Lopmons Effekt** löst durch dieses Querlegen aus und drängt sich vor Pinamons: Wendigomon digitiert
              für 1 Speicher in Antylamon. Es bleibt der Angreifer, und der Bonus bleibt: 12000 DP.
            - **Kampf.** 12000 gegen 11000: Kentaurosmon wird gelöscht; sein [On Deletion] lässt Antylamon bei
              **1000** DP.
            - **Ende des Angriffs.** Antylamon spielt ein Goblimon aus dem Trash aus; Wendigomons vererbter Effekt
              (es liegt jetzt unter Antylamon) nimmt das andere auf die Hand zurück.
            - **Angriff vorbei.** Der <Alliance>-Bonus endet: 8000 − 11000 lässt 0 DP, und die Regelprüfung löscht
              Antylamon.
            """,
        try_it="""
            Wenn Kentaurosmons [On Deletion] Spieler B nach einem Ziel fragt, wähle **Turuiemon** statt Antylamon.
            Wer wird jetzt gelöscht, und übersteht Antylamon das Ende des Angriffs?
            """,
        differences="""
            **Die Rechnung des Wikis ist falsch** (docs/wiki-vs-cr.de.md, A8). Es sagt, Kentaurosmons Effekt bringe
            Antylamons DP *auf* 11000. Der Effekt zieht aber 11000 *ab*: Aus 12000 wird **1000**. Erst dann
            funktioniert der letzte Schritt des Wikis selbst: Endet das +4000, lässt 8000 − 11000 0 DP übrig, und die
            Regelprüfung löscht Antylamon (CR 16-24, 17-1-3-1-1). Wären seine DP wirklich auf 11000 gesetzt worden,
            blieben nach dem Wegfall der 4000 noch 7000, und Antylamon bliebe im Spiel.

            Auch sehenswert: Digitieren macht keine neue Karte, also behält Antylamon den <Alliance>-Bonus und bleibt
            der Angreifer (CR 3-1-3-1-3); Antylamons eigenes <Alliance> löst nicht aus, weil es bei der Angriffsansage
            nicht oben lag. Der eigene Schritt des Wikis für „wenn der Gegner angreift“ ist das Modell von vor 2024.
            """,
        outcome="""
            Berichtigtes Ergebnis: <Alliance>, Lopmons Digitation, Pinamons Ziehen, Kentaurosmons [On Deletion],
            Antylamons [End of Attack], Wendigomons vererbter [End of Attack]; **Kentaurosmon** wird im Kampf gelöscht
            und **Antylamon** nach dem Angriff durch die Regelprüfung; beide Sicherheitsstapel behalten 3 Karten; der
            Speicher endet bei **A2**; niemand gewinnt.
            """,
    ),
    "ar11_no_attack_during_end_of_attack": dict(
        source=f"{AR} 11, Spielfeld ergänzt (siehe auch Regelentscheidung R07)",
        title="Digitiere am Ende eines Angriffs, aber greif nicht noch einmal an",
        do="Du spielst GranDracmons Angriff nach, digitierst mit seinem [End of Attack] BlackWarGrowlmon aus dem "
           "Trash in Gulfmon, handelst Gulfmons Effekte ab und siehst, warum das erhaltene <Blitz> keinen zweiten "
           "Angriff beginnt.",
        learn="dass kein Angriff angesagt werden kann, solange ein anderer noch verarbeitet wird (CR 11-2-4), dass "
              "ein erhaltener Effekt eine Digitation übersteht und dass ein Schub Karten, die zusammen in den Trash "
              "kommen, einen Effekt nur einmal auslöst.",
        situation="""
            **GranDracmon** (12000 DP) von Spieler A hat einen [End of Attack]-Effekt, einmal pro Zug: Ein anderes
            Digimon von Spieler A kann kostenlos in eine Undead- oder Dark-Animal-Karte aus dem Trash digitieren.
            Daneben steht ein **quergelegtes BlackWarGrowlmon**, das früher in diesem Zug vom Tamer **Takato Matsuki**
            „[When Digivolving] <Blitz>“ bekommen hat. Im Trash von Spieler A liegt **Gulfmon** ([When Digivolving]:
            Jeder Spieler legt Handkarten in den Trash, bis er 5 hat; einmal pro Zug, wenn ein eigener Effekt von
            Spieler A Karten aus seiner Hand in den Trash legt, kann sich eines seiner Digimon aufrichten).

            Spieler B hat keine Digimon und eine Sicherheitskarte, **Agumon** (2000 DP). Beide Spieler halten 6
            Karten. Das Wiki lässt die Hände und die Lage von BlackWarGrowlmon offen; das Szenario legt sie fest,
            damit Gulfmons Effekte etwas zu tun haben. Speicher A3.

            GranDracmon greift Spieler B an.
            """,
        watch="""
            - **Sicherheitsprüfung.** Agumon verliert und kommt in den Trash. Es wird nicht *gelöscht*, also löst
              nichts aus, was auf eine Löschung wartet.
            - **Ende des Angriffs.** GranDracmons Effekt lässt BlackWarGrowlmon in Gulfmon digitieren; Spieler A
              zieht eine Karte (7 auf der Hand).
            - **Zwei [When Digivolving]-Effekte** warten: Gulfmons und das erhaltene <Blitz>. Gulfmons kommt zuerst:
              Spieler A legt 2 Karten in den Trash, Spieler B 1. Das löst Gulfmons Aufrichten einmal aus.
            - **<Blitz>** kommt an die Reihe, kann aber nicht aktiviert werden, und es gibt keinen zweiten Angriff.
            """,
        try_it="""
            Lehne bei der Frage zum [End of Attack] GranDracmons Effekt ab. Was ist am Ende anders: Hände, Trash,
            die Lage von BlackWarGrowlmon?
            """,
        differences="""
            Der Schluss des Wikis stimmt: Solange ein Angriff noch verarbeitet wird, [End of Attack] eingeschlossen,
            kann kein neuer angesagt werden (CR 11-2-4; Q&A Q4728, Q2423). Das Wiki lässt die Handgrößen offen und ob
            BlackWarGrowlmon quergelegt war (docs/wiki-vs-cr.de.md, A11), sodass sich seine Schritte zu Gulfmon nicht
            prüfen ließen; das Szenario ergänzt sie.

            Die Engine nennt noch einen zweiten Grund: <Blitz> verlangt zuerst, dass der Gegner Speicher hat, und hier
            steht die Anzeige auf der Seite von Spieler A, also kann der Effekt nicht aktiviert werden (CR 15-6-3).
            Jeder der beiden Gründe allein verhindert den Angriff. Der erhaltene Effekt übersteht die Digitation, weil
            erhaltene Effekte beim Digimon bleiben, wenn Karten darauf gelegt werden (CR 15-13-2).
            """,
        outcome="""
            Das (ergänzte) Beispiel sagt: GranDracmons [End of Attack], Gulfmons [When Digivolving], Gulfmons
            Aufrichten; das erhaltene <Blitz> wird nicht aktiviert, und es gibt nur **einen** Angriff; nichts wird
            gelöscht; der Sicherheitsstapel von Spieler B geht von 1 auf **0**, aber niemand gewinnt; der Speicher
            bleibt bei A3; beide Hände enden bei 5; Gulfmon ist am Ende aufrecht.
            """,
    ),
}
"""English notebook name -> the German texts of that example (the fields of ``lesson_texts.Example``)."""
