"""Texts of the German lessons (``lessons/de/00_*_de.ipynb`` ... ``03_*``), in our own words, for ``build_lessons.py``.

Each German lesson is a list of cells, ``("md", text)`` or ``("code", source)``, after an opening (``OPENINGS``:
title, what you'll do / learn / need, in German). The game terms follow ``docs/glossary-de.md``; card names, keywords
in angle brackets, timings in square brackets and rule numbers stay as printed. The first code cell chooses German
(``set_language("de")``), so the player, the captions, the diagrams and every printed label are German.

Here: lessons 00-03 (``00_start_here``, ``01_attack_timings``, ``02_pending_activation``,
``03_write_your_own_ruling``); lessons 04-06 are in ``lesson_texts_de_learn.py``, the example lessons in
``lesson_texts_de_ar.py`` and ``lesson_texts_de_te.py``. Their code prints the engine's terms through ``digiteach.i18n`` (``term``, ``cause``)
and names decisions by their German labels; a scenario file inside a lesson keeps its English answers.
"""

from __future__ import annotations

import textwrap

__all__ = ["OPENING_WORDS", "HOW_TO_RUN_DE", "REVEAL_TITLE_DE", "NEED_BASICS_DE", "OPENINGS", "CELLS", "MY_RULING_DE"]

OPENING_WORDS = ("Was du tust", "Was du lernst", "Was du brauchst")
"""The German headings of the lesson opening (English: What you'll do / learn / need)."""

HOW_TO_RUN_DE = (
    "**So startest du sie:** `./lab` im Repository startet JupyterLab mit deiner eigenen Kopie der Lektionen (in "
    "`my-lessons/`, die deutschen Lektionen im Ordner `my-lessons/de/`). Wähle dort im Menü **Run > Run All Cells** (der Schritt-Player erscheint ein paar Sekunden "
    "später unter seiner Zelle) oder klicke in die erste Zelle und drücke **Umschalt+Enter** (Shift+Enter), um eine Zelle nach der "
    "anderen auszuführen. Ein später wieder geöffnetes Notebook zeigt „Führe diese Zelle aus, um den Schritt-Player "
    "zu sehen“, wo ein Player war: Führe die Zellen dann erneut aus."
)

REVEAL_TITLE_DE = "Antwort der Engine zeigen"

NEED_BASICS_DE = (
    "einen Python-Kernel, in dem dieses Projekt installiert ist. Sind dir der Player oder die Begriffe Kampfbereich, "
    "ausstehende Aktivierung und Spieler am Zug "
    "neu, lies zuerst `00_start_here`. Läuft für sich allein, in beliebiger Reihenfolge, in wenigen Sekunden."
)

OPENINGS: dict[str, tuple[str, str, str, str]] = {
    "de/00_start_here": (
        "Geh deine erste Regelentscheidung Schritt für Schritt durch",
        "Du öffnest den Schritt-Player auf einem durchgerechneten Beispiel, bewegst dich mit den Knöpfen, dem "
        "Schieberegler und den Pfeiltasten hindurch und beantwortest eine Entscheidung anders, um zu sehen, wohin "
        "dich die Regeln führen.",
        "was digiteach ist, wie der Player aufgebaut ist und die wenigen offiziellen Begriffe, die jede Lektion "
        "benutzt (Kampfbereich, Sicherheitsstapel, Speicheranzeige, quer legen, ausstehende Aktivierung, Spieler am "
        "Zug).",
        "einen Python-Kernel, in dem dieses Projekt installiert ist. "
        "Regelwissen wird nicht vorausgesetzt. Läuft für sich allein, in beliebiger Reihenfolge, in wenigen Sekunden.",
    ),
    "de/01_attack_timings": (
        "Verfolge einen Angriff durch seine Zeitpunkte",
        "Du spielst vier Angriffe nach, jeder um einen Schritt reicher als der vorige: einen einfachen Angriff auf den "
        "Spieler, einen geblockten Angriff, eine Sicherheitsprüfung mit einem [Security]-Effekt und einen Angriff mit "
        "<Piercing>.",
        "die fünf Zeitpunkte eines Angriffs (CR 11-1-3), warum jeder Zeitpunkt fertig ist, bevor der nächste beginnt "
        "(CR 11-1-4), was „Erfolg prüfen“ bei einem Spieler und bei einem Digimon bedeutet und wo die "
        "<Piercing>-Prüfung hingehört.",
        NEED_BASICS_DE,
    ),
    "de/02_pending_activation": (
        "Ordne gleichzeitige Effekte der Reihe nach",
        "Du siehst zu, wie sechs Effekte, die bei einer Angriffsansage auslösen, auf ihren Einsatz warten, wie ein neuer "
        "Effekt sich vordrängt, und ordnest sie selbst um.",
        "was die ausstehende Aktivierung ist; wie Effekte in Generationen (Vorrangstufen) gruppiert werden; warum der "
        "Spieler am Zug zuerst kommt, die neueste Generation zuerst und immer nur ein Effekt auf einmal (CR 15-4); "
        "worin sich das vom „Stapel“ anderer Kartenspiele unterscheidet; und warum Effekte aus einer Regelprüfung "
        "keinen zusätzlichen Vorrang haben (CR 15-4-3-3).",
        NEED_BASICS_DE,
    ),
    "de/03_write_your_own_ruling": (
        "Schreib deine eigene Regelentscheidung und prüfe sie",
        "Du schreibst eine Szenariodatei mit einer eigenen Karte, spielst sie ab, prüfst sie mit `digiteach check` und "
        "machst sie absichtlich kaputt, um die Fehlermeldung zu lesen.",
        "die Teile eines Szenarios (Spielfeld, Aktion, Antworten, erwartetes Ergebnis, Notizen, Übersetzungen), wie "
        "man eine Karte direkt in der Datei anlegt, was `digiteach check` meldet und wie eine fehlerhafte Datei mit "
        "Zeile und Feld gemeldet wird.",
        NEED_BASICS_DE + " Das ganze Format steht in `docs/scenario-format.md`.",
    ),
}
"""Notebook name -> (title, what you'll do, what you'll learn, what you'll need), in German."""

_START_HERE: list[tuple[str, str]] = [
    ("md", """
        ## Was dieses Kit ist

        **digiteach** spielt kleine, dokumentierte Situationen aus dem Digimon Card Game Schritt für Schritt nach,
        damit du siehst, *warum* ein Angriff oder eine Kette von Effekten so endet, wie sie endet.

        - Jede Situation ist ein **Szenario**: eine YAML-Datei mit einem Spielfeld, einer eröffnenden Aktion (ein
          Angriff, eine Digitation, eine Optionskarte), den Antworten der Spieler, wenn die Regeln sie etwas fragen,
          und dem Ergebnis, das die Quelle angibt.
        - Eine **Regel-Engine** (das Paket `digiteach`, reines Python) spielt das Szenario. Sie folgt den
          Comprehensive Rules, Version 4.2, und nennt zu jedem Schritt die Regelnummer. Nichts im Szenario sagt der
          Engine das Ergebnis; sie leitet es her, und `digiteach check` vergleicht es mit dem dokumentierten.
        - Der **Schritt-Player** (das Paket `widgets`) zeigt die Schritte mit drei Diagrammen. Die Lektionen in
          diesem Ordner bauen auf ihm auf.

        Die mitgelieferten Szenarien stammen aus zwei Wiki-Seiten (*Attack Resolution*, 11 Beispiele; *Triggered
        Effects*, 10 Beispiele) und aus offiziellen Regelentscheidungen. Wo das Vorgehen im Wiki veraltet ist, folgt
        die Engine den aktuellen Regeln, und die Lektion sagt, was sich geändert hat.
        """),
    ("md", """
        ## Deutsch wählen

        Alles, was die Engine schreibt, gibt es auf Englisch und auf Deutsch. Diese Zelle wählt Deutsch für das
        ganze Notebook: Bildunterschriften, Fragen, Antwortmöglichkeiten, Diagramme und die Knöpfe des Players.
        (Im Terminal: `digiteach trace ... --lang de` oder `export DIGITEACH_LANG=de`.) Kartennamen,
        Schlüsselwörter wie <Piercing>, Zeitpunkte wie [When Attacking] und Regelnummern bleiben, wie sie gedruckt
        sind.
        """),
    ("code", """
        from digiteach.i18n import set_language

        set_language("de")
        """),
    ("md", """
        ## Den Player öffnen

        `widgets.play` nimmt die Kennung eines mitgelieferten Szenarios (oder einen Dateipfad) und gibt einen
        Player zurück. Dieser hier ist das fünfte *Attack Resolution*-Beispiel des Wikis: HerculesKabuterimon mit
        <Piercing> greift ein Salamon an.
        """),
    ("code", """
        import widgets

        player = widgets.play("attack-resolution-5", lang="de")
        player
        """),
    ("md", """
        Worauf du achten solltest, von oben nach unten:

        - **Titel und Regelversion.** Der Titel des Szenarios und die Regeln, denen die Engine folgt.
        - **Bedienelemente.** Die Pfeilknöpfe gehen zum ersten, vorigen, nächsten und letzten Schritt;
          **Abspielen** geht von allein weiter (der Knopf wird zu **Pause**), im Tempo, das du im Menü neben dem
          Zähler wählst; der **Schieberegler** springt an jede Stelle; der Zähler zeigt *Schritt N von M*. Fahre mit
          der Maus über einen Knopf, um zu sehen, was er tut. Die Auswahl **Sprache** wechselt sofort zwischen
          English und Deutsch. **HTML exportieren** speichert den ganzen Ablauf als eine Datei, die offline
          funktioniert (in der Sprache des Players).
        - **Tasten.** Klicke einmal in den Player (oder erreiche ihn mit Tab) und benutze **←** / **→** für einen
          Schritt, **Pos1** / **Ende** für den ersten oder letzten Schritt.
        - **Bildunterschrift.** Was in diesem Schritt passiert, in ein oder zwei Sätzen, darunter die
          Regelnummern (CR = die Comprehensive Rules).
        - **Drei Diagramme.** *Zeitpunkte des Angriffs* zeigt, wo der Angriff steht (außerhalb eines Angriffs heißt
          dasselbe Feld *Phasen des Zuges* und zeigt die Phase); *Ausstehende Aktivierung* listet die Effekte, die
          auf ihre Aktivierung warten; *Spielfeld* zeigt die Bereiche beider Spieler und die Speicheranzeige, mit
          den Änderungen seit dem vorigen Schritt hervorgehoben.
        - **Bisherige Schritte.** Ein mitlaufendes Protokoll, eine Zeile pro Schritt.
        """),
    ("md", """
        Den Player kann man auch aus Python lesen: Jeder Schritt trägt seine Bildunterschrift und seine
        Regelnummern.
        """),
    ("code", """
        print(player.counter)
        print(player.caption)
        print(player.step.rules)
        """),
    ("md", """
        Derselbe Schritt wie im Widget: `player.step` ist ein einfacher Datensatz (ein `digiteach.views.Step`);
        alles, was der Player zeichnet, kann eine Zelle ausgeben.

        ## Das Spielfeld und seine Begriffe

        Das Spiel hat sein eigenes Vokabular, und das Kit benutzt genau dieses (die ganze Liste steht in
        `docs/glossary-de.md`):

        | Begriff | Bedeutung |
        |---|---|
        | **Kampfbereich** | Hier sind die Digimon (und Tamer) eines Spielers im Spiel. Nur Digimon hier greifen an und blocken. |
        | **Aufzuchtbereich** | Ein eigener Platz, um einen Digi-Egg-Stapel großzuziehen; Digimon dort nehmen an keinem Angriff teil. |
        | **Sicherheitsstapel** | Ein verdeckter Kartenstapel. Ein Angriff auf einen Spieler deckt Karten davon auf („Sicherheitsprüfung“); wer ohne Sicherheitskarten erfolgreich angegriffen wird, verliert. |
        | **Digitationskarten** | Die Karten unter der obersten Karte eines Digimon. Ihre *vererbten* Effekte wirken für das Digimon oben. |
        | **Speicheranzeige** | Ein gemeinsamer Zähler. Kosten schieben ihn zum Gegner hin; endet er auf der Seite des Gegners, geht der Zug über. |
        | **quer legen / aufrichten** | Eine Karte zur Seite drehen (sie hat angegriffen oder geblockt) / wieder aufrecht stellen. |
        | **löschen** | Ein Digimon, das einen Kampf verliert oder von einem Effekt zerstört wird, kommt in den Trash: Es wird gelöscht. |
        | **DP** | Die Stärke eines Digimon im Kampf. |
        | **Spieler am Zug / Spieler nicht am Zug** | Wessen Zug es ist / der andere Spieler. In jedem Szenario ist Spieler A am Zug. |
        | **auslösen, ausstehende Aktivierung, aktivieren** | Ein Effekt, dessen Bedingung erfüllt ist, wird *ausgelöst*; er wartet dann in der *ausstehenden Aktivierung*, bis die Regeln ihn *aktivieren* lassen. |

        So sieht das Spielfeld im ersten Schritt aus, gelesen aus demselben Datensatz, aus dem das Diagramm
        gezeichnet wird:
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        board = player.trace.steps[0].board
        print("Spieler am Zug: Spieler", board.turn_player, "| Speicher:", board.memory, "(+ = Seite von Spieler A)")
        for side in board.sides:
            print(f"Spieler {side.player}: Sicherheitsstapel {side.security_size} Karten, Hand {side.hand_size}")
            for stack in side.battle_area:
                under = " / ".join(c.label for c in stack.digivolution_cards)
                state = "quergelegt" if stack.suspended else "aufrecht"
                print(f"   Kampfbereich: {stack.top.label} ({stack.dp} DP, {state})" + (f" über {under}" if under else ""))
        """),
    ("md", """
        Die Speicheranzeige wird als eine Zahl mit Vorzeichen aus Sicht von Spieler A gespeichert: positiv auf der
        Seite von A, negativ auf der Seite von B. Diagramme und Zusammenfassungen machen daraus wieder Worte.

        ## Entscheidungen, und selbst wählen

        Wann immer die Regeln einem Spieler eine Wahl lassen (blocken oder nicht, welcher ausstehende Effekt zuerst
        kommt, welches Digimon das Ziel ist, ob ein optionaler Effekt genutzt wird), hält die Engine an und fragt.
        Die Szenariodatei enthält die Antworten der Quelle, also läuft die dokumentierte Linie durch. Im Player zeigt
        ein solcher Schritt die Frage und einen Knopf pro erlaubter Antwort; die dokumentierte Antwort ist
        hervorgehoben.

        Diese Zelle listet jede Frage dieses Szenarios, die dokumentierte Antwort mit `*` markiert:
        """),
    ("code", """
        for step in player.trace.steps:
            if step.decision is not None:
                print(f"Schritt {step.index + 1}: Spieler {step.decision.player}: {step.decision.prompt}")
                for option in step.decision.options:
                    print("    *" if option == step.choice else "     ", option)
        """),
    ("md", """
        **Selbst wählen.** Geh im Player zu einem dieser Schritte und klicke eine *andere* Möglichkeit. Der Kernel
        spielt das Szenario bis zu diesem Schritt mit deiner Antwort nach und macht dann mit den dokumentierten
        Antworten weiter, solange sie noch passen; stellt die neue Linie eine Frage, auf die die Datei keine Antwort
        hat, hält er dort an und wartet auf dich. Ein Hinweis über den Bedienelementen sagt, welche Wahl du geändert
        hast, und **Zurück zur dokumentierten Linie** führt zum Original zurück. Eine Wahl, die die Regeln nicht
        erlauben, wird mit dem Grund der Engine und der Regelnummer abgelehnt. (Das braucht einen laufenden Kernel:
        In einer exportierten HTML-Datei zeigen die Knöpfe nur die dokumentierte Linie.)

        Probier es jetzt aus: Nach dem Kampf warten bei HerculesKabuterimons Angriff zwei Effekte von Spieler A, und
        Spieler A wählt, welcher zuerst aktiviert wird. Nimm den anderen. Ändert sich das Endergebnis?

        Dasselbe aus Python, ohne den Player oben zu verändern: `digiteach.scenario.branch` beantwortet eine
        Entscheidung anders und spielt weiter. Die Zelle hält ihre Antwort zugeklappt: Entscheide dich zuerst, dann
        klicke darunter auf **{REVEAL}**.
        """.replace("{REVEAL}", REVEAL_TITLE_DE)),
    ("code", f"""
        import digiteach.scenario as sc
        import ipywidgets
        from digiteach.outcome import outcome_lines

        first = next(s for s in player.trace.steps if s.decision is not None and s.decision.kind == "order")
        other = next(o for o in first.decision.options if o != first.choice)
        mine = sc.branch(player.trace, first.index, other)
        answer = ipywidgets.Output()
        with answer:
            for heading, line in (("Die dokumentierte Linie", player.trace), ("Deine Linie", mine)):
                print(f"{{heading}}, aktiviert in dieser Reihenfolge:")
                for n, label in enumerate(line.result.activation_order, 1):
                    print(f"  {{n}}. {{label}}")
                for text in outcome_lines(line.result):  # gelöscht, Sicherheitsstapel, Speicher, Sieger
                    print(f"  {{text}}")
        ipywidgets.Accordion([answer], titles=[{REVEAL_TITLE_DE!r}], selected_index=None)
        """),
    ("md", """
        Ob eine andere Reihenfolge das Ergebnis ändert, ist genau die Art Frage, die die Beispiel-Lektionen stellen.

        ## Wie es weitergeht

        Auf Deutsch geht es weiter mit (jeder Name endet auf `_de`, damit sich der Tab von dem der englischen
        Lektion unterscheidet):

        - `01_attack_timings_de`: einen Angriff durch seine Zeitpunkte verfolgen.
        - `02_pending_activation_de`: wie gleichzeitig ausgelöste Effekte warten und in welcher Reihenfolge sie
          aktiviert werden.
        - `03_write_your_own_ruling_de`: eine Szenariodatei schreiben und prüfen.
        - `04_explore_every_branch_de`: jede Reihenfolge eines Spielfelds, nach Ergebnis zusammengefasst.
        - `05_predict_then_check_de`: ein Quiz aus einem Ablauf, mit Punktzahl.
        - `06_compare_rulesets_de`: eine Regelentscheidung nach den aktuellen und nach älteren Regeln,
          nebeneinander.
        - `ar01` … `ar11` und `te01` … `te10`: ein Notebook pro Beispiel aus dem Wiki. Die Übersicht
          steht in `README.md` im Ordner darüber.
        """),
]

_PATH_CELL = """
    # NBVAL_CHECK_OUTPUT
    attack = [s.attack for s in trace.steps if s.attack is not None][-1]
    for timing, note in attack.notes:
        print(f"{term(timing):<20} {note}")
    print("Weg:", " -> ".join(term(t) for t in attack.path))
    """

_ATTACK_TIMINGS: list[tuple[str, str]] = [
    ("md", """
        ## Die Zeitpunkte

        Jeder Angriff läuft durch dieselben Zeitpunkte, immer in derselben Reihenfolge: **Angriffsansage**,
        **Konter-Zeitpunkt**, **Block-Zeitpunkt**, **Erfolg prüfen** und **Ende des Angriffs** (CR 11-1-3). Ein
        Zeitpunkt fängt erst an, wenn alles aus dem vorigen abgehandelt ist (CR 11-1-4).

        Die erste Zelle wählt Deutsch für das ganze Notebook. Danach listet die Engine ihre Zeitpunkte auf; sie kennt
        ein paar Haltepunkte mehr als die Regeln, damit das Bild leichter zu verfolgen ist:
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        from digiteach.i18n import set_language, term
        from digiteach.terms import AttackTiming

        set_language("de")
        for timing in AttackTiming:
            print(term(timing.value))
        """),
    ("md", """
        *Erfolg prüfen* verzweigt sich dreifach: in eine **Sicherheitsprüfung**, wenn das Ziel ein Spieler mit
        Sicherheitskarten ist, in einen **Sieg**, wenn das Ziel ein Spieler ohne Sicherheitskarten ist, und in einen
        **Kampf**, wenn das Ziel ein Digimon ist. Die **<Piercing>-Prüfung** und **Angriff vorbei** sind in den
        Regeln keine eigenen Zeitpunkte; die Engine zeigt sie, weil dort etwas geschieht.
        """),
    ("code", """
        import digiteach.scenario as sc
        import widgets
        """),
    ("md", """
        ## 1. Ein einfacher Angriff auf den Spieler

        MaloMyotismon greift Spieler B an, der kein Digimon zum Blocken hat. Niemand hat einen [Counter]-Effekt, also
        vergehen Konter-Zeitpunkt und Block-Zeitpunkt ohne Ereignis. Beim Erfolg-Prüfen liegen noch Sicherheitskarten
        bereit, also wird eine Karte geprüft. Es ist eine Digimon-Karte, und sie kämpft als *Sicherheits-Digimon*.
        """),
    ("code", """
        import digiteach.scenario as sc
        import widgets
        from digiteach.i18n import set_language

        set_language("de")
        scenario = sc.load_scenario("ruling-R33")
        trace = sc.play(scenario)
        widgets.play(trace)
        """),
    ("md", """
        Geh die Schritte durch und behalte das Diagramm *Zeitpunkte des Angriffs* im Blick: Das hervorgehobene Feld
        wandert Zeitpunkt für Zeitpunkt nach unten. Achte bei der Sicherheitsprüfung darauf, dass das
        Sicherheits-Digimon zwar verliert, aber **nicht gelöscht** wird: Gelöscht werden nur Digimon, die im Spiel
        sind. Deshalb löst MaloMyotismons Effekt „wenn ein anderes Digimon gelöscht wird“ nie aus (Q&A Q1119;
        CR 4-5-1, 14-2-3).

        Zu jedem Angriff hält die Engine pro Zeitpunkt eine kurze Notiz fest:
        """),
    ("code", _PATH_CELL),
    ("md", """
        ## 2. Ein geblockter Angriff

        Titamon, unter dem Biyomon als Digitationskarte liegt, greift Spieler B an. Biyomons vererbter
        [When Attacking]-Effekt zieht eine Karte. Danach blockt Spieler B mit Coredramon, das <Blocker> hat: Der Block
        legt Coredramon quer und macht es zum neuen Angriffsziel. Beim Erfolg-Prüfen steht also ein Digimon als Ziel
        da, und die beiden kämpfen.
        """),
    ("code", """
        import digiteach.scenario as sc
        import widgets
        from digiteach.i18n import set_language

        set_language("de")
        scenario = sc.load_scenario("ruling-R11")
        trace = sc.play(scenario)
        widgets.play(trace)
        """),
    ("md", """
        Worauf du achten solltest: Die Karte wird bei der Angriffsansage gezogen, also **vor** dem Block-Zeitpunkt.
        Ein [When Attacking]-Effekt ist abgehandelt, bevor der Gegner überhaupt blocken darf (CR 11-1-4; Q&A Q3189);
        ein Block kann ihn nicht rückgängig machen. Der Sicherheitsstapel bleibt unberührt, denn der Angriff kam nie
        beim Spieler an.
        """),
    ("code", _PATH_CELL),
    ("md", """
        Jetzt der andere Zweig. `branch` beantwortet die Block-Frage mit *Nicht blocken* (der deutschen Beschriftung
        der Möglichkeit) und spielt weiter:
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        block = next(s for s in trace.steps if s.decision is not None and s.decision.kind == "block")
        unblocked = sc.branch(trace, block.index, "Nicht blocken")
        attack = [s.attack for s in unblocked.steps if s.attack is not None][-1]
        print("Weg:", " -> ".join(term(t) for t in attack.path))
        print("Sicherheitsstapel:", dict(unblocked.result.security))
        """),
    ("md", """
        Ohne Block findet das Erfolg-Prüfen den Spieler als Ziel, und an die Stelle des Kampfes tritt eine
        Sicherheitsprüfung: Spieler B hat danach eine Sicherheitskarte weniger.

        ## 3. Eine Sicherheitsprüfung mit einem [Security]-Effekt

        MetalGreymon hat <Security A. +2>, seine Prüfung deckt also 3 Karten auf. Die erste ist die Optionskarte Holy
        Flame; ihr [Security]-Effekt gibt allen Digimon von Spieler A <Security A. -1>. Nach jeder Karte wird die Zahl
        der Karten neu gezählt, und deshalb endet die Prüfung nach der zweiten Karte.
        """),
    ("code", """
        import digiteach.scenario as sc
        import widgets
        from digiteach.i18n import set_language

        set_language("de")
        scenario = sc.load_scenario("attack-resolution-3")
        trace = sc.play(scenario)
        widgets.play(trace)
        """),
    ("md", """
        Worauf du achten solltest: Seit CR 3.7 hat ein Angriff **eine** Sicherheitsprüfung (CR 13-1-2), die mehrere
        Karten umfassen kann, und die Zahl der Karten wird während der Prüfung neu gezählt (CR 16-4-2). Ein
        [Security]-Effekt wird sofort aktiviert und wartet nicht in der ausstehenden Aktivierung (CR 15-16-10-2).
        Außerdem: MetalGreymons [When Attacking] hat die Speicheranzeige auf die Seite von Spieler B geschoben, und
        trotzdem geht der Angriff weiter; der Zug wechselt erst, wenn er vorbei ist (CR 6-1-4-1).
        """),
    ("code", _PATH_CELL),
    ("md", """
        ## 4. <Piercing>

        HerculesKabuterimon (mit <Piercing>) greift Spieler B an, der **keine** Sicherheitskarten mehr hat. Spieler B
        blockt mit Kabuterimon, HerculesKabuterimon gewinnt den Kampf, und <Piercing> wird aktiviert. Seine Prüfung
        findet aber nicht sofort statt: Sie wartet bis kurz vor dem Ende des Angriffs (CR 16-7-4).
        """),
    ("code", """
        import digiteach.scenario as sc
        import widgets
        from digiteach.i18n import set_language

        set_language("de")
        scenario = sc.load_scenario("attack-resolution-1")
        trace = sc.play(scenario)
        widgets.play(trace)
        """),
    ("md", """
        Worauf du achten solltest: Nach dem Kampf leuchtet das Feld *<Piercing>-Prüfung* auf, findet keine Karte zum
        Aufdecken, und **niemand gewinnt**. Ein Sieg verlangt einen Angriff auf den Spieler, der „Erfolg prüfen“
        erreicht, während dieser Spieler keine Sicherheitskarten hat (CR 1-2-3-1, 11-5-1-2-1). Der Block hat ein
        Digimon zum Ziel gemacht, und eine <Piercing>-Prüfung ist kein Erfolg-Prüfen. Das Wiki kommt zum selben
        Ergebnis, aber über eine ältere Regel (16-6-6 aus CR 3.6), die es nicht mehr gibt.
        """),
    ("code", _PATH_CELL),
    ("md", """
        ## Alle vier nebeneinander

        Die Zeitpunkte, die jeder der vier Angriffe durchlaufen hat:
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        for scenario_id in ["ruling-R33", "ruling-R11", "attack-resolution-3", "attack-resolution-1"]:
            steps = sc.play(sc.load_scenario(scenario_id)).steps
            attack = [s.attack for s in steps if s.attack is not None][-1]
            print(f"{scenario_id:<20}", " -> ".join(term(t) for t in attack.path))
        """),
    ("md", """
        Jede Zeile beginnt mit denselben drei Zeitpunkten und endet mit denselben zwei; verschieden sind nur das
        Erfolg-Prüfen und was danach kommt. Eine Abkürzung fehlt hier: Ein Effekt, der **den Angriff beendet**,
        springt direkt zum Ende des Angriffs und lässt die übrigen Zeitpunkte aus (CR 15-15-1-1). Dazu gibt es
        `te08_attack_ended_at_declaration`.
        """),
]

_PENDING_CELL = """
    for generation in step.pending:
        print(f"Generation {generation.number} (aus {cause(generation.cause)}):")
        for effect in generation.effects:
            print(f"    Spieler {effect.player}: {effect.label} [{term(effect.status)}]")
    """

_PENDING_ACTIVATION: list[tuple[str, str]] = [
    ("md", """
        ## Auslösen, warten, aktivieren

        Ein Effekt mit einer Auslösebedingung („wenn dieses Digimon angreift“, „wenn eine Karte aus deiner Hand in den
        Trash gelegt wird“, [On Deletion], ...) **löst aus**, sobald seine Bedingung erfüllt ist, ganz gleich, was
        sonst gerade geschieht (CR 15-4-2-2). **Aktivieren** kann er aber nicht, solange eine Regel oder ein anderer
        Effekt noch abgearbeitet wird (CR 15-8-3-2); bis dahin wartet er in der **ausstehenden Aktivierung**
        (CR 15-4-4-1). Ist das Spiel wieder frei, werden die wartenden Effekte **einer nach dem anderen** aktiviert
        (CR 15-4-4-2), und die Reihenfolge wird erst dann gewählt, nicht schon beim Auslösen (CR 15-4-3-4).

        Effekte, die während derselben Regel oder desselben Effekts auslösen, lösen **gleichzeitig** aus. Die Engine
        hält jede solche Gruppe als eine **Generation** fest. Innerhalb einer Generation gilt:

        1. Der **Spieler am Zug** aktiviert seine Effekte einzeln, in beliebiger Reihenfolge, bis keiner mehr übrig
           ist; danach aktiviert der **Spieler nicht am Zug** seine auf dieselbe Weise (CR 15-4-3-5).
        2. Ein Effekt, der auslöst, *während* eine Generation abgearbeitet wird, eröffnet eine **neuere Generation**,
           und die neueste wird immer zuerst geleert (CR 15-4-5-2), selbst wenn sie dem Spieler nicht am Zug gehört
           und beim Spieler am Zug noch ältere Effekte warten (CR 15-4-5-3).

        Die erste Zelle wählt Deutsch und öffnet das erste *Triggered Effects*-Beispiel des Wikis im Player.
        """),
    ("code", """
        import digiteach.scenario as sc
        import widgets
        from digiteach.i18n import cause, set_language, term

        set_language("de")
        scenario = sc.load_scenario("triggered-effects-1")
        trace = sc.play(scenario)
        widgets.play(trace)
        """),
    ("md", """
        MetalGarurumon greift an. Vier Effekte von Spieler A (sein eigenes [When Attacking] und die vererbten Effekte
        von Zudomon, Gabumon und Upamon) und einer von Spieler B (VenomMyotismon erhält Speicher, wenn ein Digimon
        des Gegners quergelegt wird) lösen alle bei der Angriffsansage aus. Geh die Schritte durch und behalte dabei
        das Diagramm *Ausstehende Aktivierung* im Blick.

        Das wartete direkt nach der Angriffsansage:
        """),
    ("code", "step = trace.steps[0]\n" + textwrap.dedent(_PENDING_CELL).strip("\n")),
    ("md", """
        Eine Generation, fünf Effekte, vier davon gehören Spieler A. Der Effekt von Spieler B wartet, bis Spieler A
        keinen mehr übrig hat, egal in welcher Reihenfolge Spieler A seine aktiviert.

        Such jetzt den Schritt, an dem eine zweite Generation auftaucht. MetalGarurumons Effekt spielt Garurumon unter
        sich hervor aus; Garurumons [On Play] löst aus, während Generation 1 noch abgearbeitet wird:
        """),
    ("code", "step = max(trace.steps, key=lambda s: len(s.pending))\n"
             "print('Schritt', step.index + 1)\n" + textwrap.dedent(_PENDING_CELL).strip("\n")),
    ("md", """
        Generation 2 kommt zuerst, noch vor Zudomon und Upamon, die früher ausgelöst haben. Nur so kommt ein späterer
        Effekt nach vorn: indem er auslöst, während eine ältere Gruppe abgehandelt wird.

        Die Reihenfolge, in der alles aktiviert wurde:
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        for n, label in enumerate(trace.result.activation_order, 1):
            print(n, label)
        """),
    ("md", """
        ## Die Reihenfolge zählt: ordne selbst um

        Die Effekte von Upamon und Zudomon bewirken nur etwas, wenn eines der Digimon von Spieler B keine Karten unter
        sich hat. Gabumons Effekt sorgt dafür, indem er die letzte Karte unter Bs Myotismon in den Trash legt. Ihre
        Bedingungen werden beim **Aktivieren** geprüft, nicht beim Auslösen (CR 15-8-3-9-2); deshalb aktiviert
        Spieler A Gabumon zuerst.

        Geh im Player oben zur ersten Frage (*welcher ausstehende Effekt wird als Nächstes aktiviert?*) und wähle
        stattdessen Upamon. Oder mach es hier:
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        first = next(s for s in trace.steps if s.decision is not None and s.decision.kind == "order")
        upamon = next(o for o in first.decision.options if "Upamon" in o)
        mine = sc.branch(trace, first.index, upamon)
        print("angehalten bei:", mine.result.stopped_at)
        for n, label in enumerate(mine.result.activation_order, 1):
            print(n, label)
        """),
    ("md", """
        Upamon kommt zuerst. Noch hat jedes Digimon von Spieler B eine Karte unter sich, also ist seine
        Bedingung nicht erfüllt, und es wird **gar nicht aktiviert** (CR 15-6-3): In der Liste fehlt es. Danach spielt
        der Zweig die späteren Antworten der Datei nach, solange sie noch passen, und hält bei der ersten Frage an, bei
        der das nicht mehr der Fall ist; im Widget würdest du sie selbst beantworten.

        ## Kein „Stapel“

        Wer Kartenspiele kennt, in denen die Spieler auf die Zaubersprüche des anderen antworten, erwartet vielleicht
        einen *Stapel*: Jede Antwort kommt obendrauf, die letzte wird zuerst abgehandelt, und beide dürfen nach
        Belieben etwas dazulegen. Im Digimon Card Game läuft das anders, und das Kit nennt die ausstehende Aktivierung
        nie einen Stapel:

        | | Ein Antwort-Stapel (andere Spiele) | Ausstehende Aktivierung (dieses Spiel) |
        |---|---|---|
        | Was hineinkommt | was ein Spieler als Antwort wählt | nur Effekte, deren Auslösebedingung erfüllt ist |
        | Reihenfolge innerhalb einer Gruppe | fest, so wie sie dazukommen | einzeln beim Aktivieren gewählt, die des Spielers am Zug zuerst (CR 15-4-3-5) |
        | Zuletzt hinein, zuerst heraus? | immer | nur zwischen Gruppen: Eine neuere Generation wird vor einer älteren geleert (CR 15-4-5-2) |
        | Wer zuerst dran ist | wer zuletzt gehandelt hat | der Spieler am Zug, außer der Effekt des Spielers nicht am Zug liegt in einer neueren Generation (CR 15-4-5-3) |

        ## Regelprüfungen bringen keinen Vorrang

        Nach jedem Effekt suchen die Regeln nach Digimon mit 0 DP (und ein paar anderen Dingen) und räumen sie ab: eine
        **Regelprüfung** (CR 17). Ein so gelöschtes Digimon kann seinen [On Deletion]-Effekt auslösen. Die
        *Triggered Effects*-Seite des Wikis gibt Effekten aus einer Regelprüfung einen höheren Vorrang als denen, die
        der letzte Effekt ausgelöst hat. Die aktuellen Regeln tun das nicht: Auslöser aus der Regelprüfung kommen in
        dieselbe Generation wie die Auslöser des Effekts selbst, und der Spieler am Zug bleibt zuerst (CR 15-4-3-3;
        Q&A Q6313, Q6495).
        """),
    ("code", """
        import digiteach.scenario as sc
        import widgets
        from digiteach.i18n import set_language

        set_language("de")
        scenario = sc.load_scenario("ruling-R51")
        trace = sc.play(scenario)
        widgets.play(trace)
        """),
    ("md", """
        Spieler A senkt Salamon von Spieler B mit [Habakiri] auf 0 DP und digitiert danach in Habakirimon. Die
        Regelprüfung löscht Salamon im selben Moment, in dem Habakirimons [When Digivolving] auslöst; beide landen in
        einer Generation. Hier ist sie, an dem Schritt, an dem die Regelprüfung gerade gelaufen ist:
        """),
    ("code", "step = next(s for s in trace.steps if s.pending)\n" + textwrap.dedent(_PENDING_CELL).strip("\n")),
    ("md", """
        Eine Generation, ein Effekt je Spieler: Der von Spieler A kommt zuerst, danach Salamons [On Deletion]. Nach dem
        Vorgehen des Wikis käme Salamon zuerst, und Habakirimon sähe dann beide Sicherheitsstapel bei 3.
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        for n, label in enumerate(trace.result.activation_order, 1):
            print(n, label)
        print("Sicherheitsstapel:", dict(trace.result.security))
        """),
    ("md", """
        ## Wo es mehr zu sehen gibt

        - `te04_blitz_first` und `te05_unsuspend_first`: dieselben zwei Effekte in beiden Reihenfolgen.
        - `ar08_blitz_triggers_jump_ahead`: ein abgeleiteter Auslöser des Spielers nicht am Zug vor den älteren
          Effekten des Spielers am Zug.
        - `te09_chained_tamer_suspensions`: Generationen, vier Stufen tief.
        - `te10_failed_condition_keeps_once_per_turn`: Ein Effekt, dessen Bedingung nicht erfüllt ist, wird gar
          nicht aktiviert.
        """),
]

MY_RULING_DE = """\
id: mein-erstes-szenario
title: A blocked attacker still keeps what its [When Attacking] gave
source: {page: lesson 03, rule: [CR 11-1-4, CR 12-1]}
cards:
  - number: XX1-001
    name: Lessonmon
    level: 4
    colors: [Red]
    dp: 5000
    play_cost: 5
    digivolve: [{color: Red, level: 3, cost: 2}]
    effects:
      - timing: When Attacking
        actions: [{do: gain_memory, amount: 1}]
        summary: Gain 1 memory.
    summary: A practice card made up for this lesson.
setup:
  turn_player: A
  memory: A3
  A:
    battle_area: [XX1-001]
  B:
    battle_area: [ST1-06]      # Coredramon, 6000 DP, <Blocker>
    security: 3
action:
  attack: {with: XX1-001, target: player}
choices:
  - B: Block                 # die englische Beschriftung (oder '#1'): gespielt wird auf Englisch
expect:
  activation_order: ["When Attacking"]
  deleted: [XX1-001]
  security: {B: 3}
  memory: A4
  winner: none
notes: |
  The memory gain happens at the declaration, before the block timing (CR 11-1-4),
  so the block cannot take it back. Lessonmon then loses the battle (5000 against 6000).
translations:
  de:
    title: Ein geblockter Angreifer behält, was sein [When Attacking] gebracht hat
    notes: |
      Der Speicher kommt bei der Angriffsansage, vor dem Block-Zeitpunkt (CR 11-1-4);
      der Block kann ihn nicht zurücknehmen. Danach verliert Lessonmon den Kampf (5000 gegen 6000).
"""
"""The scenario lesson de/03 writes: the English file of lesson 03 with German comments and a ``translations``
block (the title and notes in German)."""

_WRITE_YOUR_OWN: list[tuple[str, str]] = [
    ("code", """
        import subprocess
        import sys
        import tempfile
        from pathlib import Path

        import digiteach.scenario as sc
        import widgets
        from digiteach.i18n import set_language

        set_language("de")
        # wohin deine Datei kommt: my-rulings/ im Repository (in Voila, das den Code ausblendet, den du hier
        # änderst, ein Ordner nur für diesen Tab, und oben steht ein Hinweis dazu)
        folder = widgets.my_rulings()
        """),
    ("md", """
        ## Die Teile eines Szenarios

        Ein Szenario ist eine YAML-Datei:

        - `id`, `title`, `source`: was es ist und woher die Regelentscheidung stammt;
        - `setup`: wer am Zug ist, die Speicheranzeige und die Bereiche beider Spieler (ein Stapel wird **mit der
          obersten Karte zuerst** geschrieben);
        - `action`: womit der Spieler am Zug beginnt (Angriff, Digitation, eine Optionskarte einsetzen, ...);
        - `choices`: die Antworten auf die Fragen, die die Regeln stellen werden, der Reihe nach (`- B: Block` sagt,
          dass die Antwort von Spieler B kommt). Die Antworten stehen mit den **englischen** Beschriftungen in der
          Datei (oder als `#1`, `#2`: die erste, zweite Möglichkeit); gespielt wird immer auf Englisch und in der
          gewählten Sprache erzählt, darum macht eine deutsche Anzeige keine Datei ungültig;
        - `expect`: das Ergebnis, **so wie die Regelentscheidung es angibt**. Schreib es aus der Quelle, nie aus dem,
          was die Engine ausgegeben hat: Eine Prüfung, die die Engine abschreibt, kann nicht fehlschlagen;
        - `notes`: alles, was Lesende wissen sollten, etwa wo Wiki und aktuelle Regeln auseinandergehen;
        - `translations`: Titel und Notizen in einer anderen Sprache (`de`), gezeigt, wenn Deutsch gewählt ist.

        Eine Liste `cards` kann Karten hinzufügen, die die Bibliothek nicht hat. Hier ist ein ausgedachtes Digimon,
        *Lessonmon*, dessen [When Attacking] 1 Speicher bringt. Es greift an, Spieler B blockt mit Coredramon, und
        Lessonmon verliert den Kampf. Die Frage, die das Szenario klärt: Behält Spieler A den Speicher?
        """),
    ("lab_md", """
        Der Text der Datei steht in der nächsten Zelle zwischen dreifachen Anführungszeichen, so wie du ihn in einem
        Editor schreiben würdest. Die Aufgaben unter *Jetzt du* am Ende lassen dich ihn ändern: Ändere ihn dort und
        führe die Zellen dann noch einmal aus.
        """),
    ("code", "# Der Text der Datei. Meldungen zählen die Zeilen wie diese Zelle (Shift+L zeigt sie).\n" + 'MY_RULING = """\\\n' + MY_RULING_DE + '"""'),
    ("lab_md", """
        Die nächste Zelle speichert ihn als `mein-erstes-szenario.yaml` in `my-rulings/`, dem Ordner des Repositorys
        für deine eigenen Szenariodateien: Git ignoriert dort alles außer der README, darum bleibt `git status`
        sauber, und ein `git pull` stößt nie auf deine Dateien.

        Führst du die Zelle noch einmal aus, speichert sie die Datei noch einmal, aus der Zelle: Ändere also den Text
        oben, nicht die Datei. Das sagen auch die ersten zwei Zeilen der Datei (Kommentare), und sie nennen eine
        Prüfsumme des Textes, den die Zelle gespeichert hat. Eine Datei dieses Namens, die die Zelle nicht gespeichert
        hat oder die seitdem geändert wurde (auch wenn die zwei Zeilen noch dastehen), wird nie überschrieben: Die
        Zelle lässt sie, wie sie ist, sagt das und speichert den Text unter dem nächsten freien Namen
        (`mein-erstes-szenario-2.yaml`, ...); `path` ist dann diese Datei.
        """),
    ("code", """
        # gespeichert mit zwei Kommentarzeilen oben; eine Datei, die du geändert hast, bleibt, und der Text
        # kommt unter einen neuen Namen
        path = widgets.save_ruling(folder / "mein-erstes-szenario.yaml", MY_RULING)
        """),
    ("md", """
        Lade sie und spiel sie ab:
        """),
    ("code", """
        scenario = sc.load_scenario(path)
        trace = sc.play(scenario)
        widgets.play(trace)
        """),
    ("md", """
        Geh zum Block-Zeitpunkt. Die Speicheranzeige hat sich schon bei der Angriffsansage bewegt, bevor Spieler B
        überhaupt gefragt wurde; der Kampf danach ändert daran nichts.

        Weil Deutsch gewählt ist, zeigen Player und Ablauf den Titel und die Notizen aus `translations`; die Datei
        selbst behält ihren englischen Text:
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        print(trace.title)
        print(scenario.notes_in())
        print(scenario.title_in("en"))
        """),
    ("md", """
        ## Prüfen

        `digiteach check DATEI` spielt die Datei und vergleicht das Ergebnis mit `expect`. Es schreibt `PASS` oder
        `FAIL` mit dem, was abwich, und endet mit dem Status 0 (alles bestanden), 1 (ein Szenario ist
        durchgefallen) oder 2 (die Datei ist ungültig). Der Befehl liegt neben dem Python dieses Notebooks; `--lang de`
        schreibt seine Meldungen auf Deutsch:
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        digiteach = [sys.executable, "-c", "from digiteach.cli import main; raise SystemExit(main())"]
        run = subprocess.run([*digiteach, "check", str(path), "--lang", "de"],
                             capture_output=True, text=True)
        print(run.stdout.strip(), "| Exit-Status", run.returncode)
        """),
    ("md", """
        (Im Terminal, im Ordner des Repositorys, heißt das `bin/digiteach check my-rulings/mein-erstes-szenario.yaml
        --lang de`.) Dieselbe Prüfung aus Python liefert die Liste der Abweichungen, leer, wenn alles passt:
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        print(sc.check(scenario))
        """),
    ("md", """
        ## Wenn die Erwartung falsch ist

        Angenommen, wir hätten geglaubt, der Block hebe den Speichergewinn auf, und `memory: A3` geschrieben. Die
        Prüfung schlägt fehl und sagt, welche Erwartung in welcher Zeile betroffen ist und was stattdessen geschah.
        (Diese Kopie und die kaputte weiter unten werden danach weggeworfen, darum landen sie in einem temporären
        Ordner, nicht in `my-rulings/`.)
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        scratch = Path(tempfile.mkdtemp(prefix="digiteach-lesson-"))
        wrong = MY_RULING.replace("memory: A4", "memory: A3")
        (scratch / "wrong.yaml").write_text(widgets.stamped(wrong), encoding="utf-8")
        for difference in sc.check(sc.load_scenario(scratch / "wrong.yaml")):
            print(difference)
        """),
    ("md", """
        Eine fehlgeschlagene Prüfung ist eine Frage, kein Urteil: Entweder hat die Erwartung die Regelentscheidung
        falsch gelesen, oder die Engine hat einen Fehler. Geh zurück zur Quelle, bevor du eines von beiden änderst.

        ## Wenn die Datei selbst kaputt ist

        Ein Tippfehler in einer Kartennummer ist eine andere Art Problem: Die Datei lässt sich gar nicht spielen. Das
        Laden wirft einen `ScenarioError`, der Datei, Zeile und Feld nennt, dazu was falsch ist und was gültig wäre.
        Feldnamen und Werte bleiben so, wie sie in der Datei stehen:
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        broken = MY_RULING.replace("battle_area: [ST1-06]", "battle_area: [ST1-6]")
        (scratch / "broken.yaml").write_text(widgets.stamped(broken), encoding="utf-8")
        try:
            sc.load_scenario(scratch / "broken.yaml")
        except sc.ScenarioError as error:
            print("Zeile:", error.line)
            print("Feld:", error.field)
            print("Problem:", error.message)
            print("Erwartet:", error.expected)
        """),
    ("md", """
        Die Kommandozeile meldet denselben Fehler und endet mit dem Status 2, ohne Traceback:
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        run = subprocess.run([*digiteach, "check", str(scratch / "broken.yaml"), "--lang", "de"],
                             capture_output=True, text=True)
        print(run.stdout.replace(str(scratch), "<Ordner>").strip())
        print(run.stderr.replace(str(scratch), "<Ordner>").strip())
        print("Exit-Status", run.returncode)
        """),
    ("md", """
        ## Jetzt du

        - Gib Lessonmon 7000 DP (`dp: 7000`) und passe `expect` an: Wer wird jetzt gelöscht?
        - Ändere die Antwort in `- B: Don't block`. Was muss dann in `expect.security` stehen?
        - Gib der Datei eine zweite Aktion: Eine Liste unter `action:` führt sie nacheinander aus
          (`docs/scenario-format.md`, *Several actions*).

        Speichere jedes neue eigene Szenario ebenfalls in `my-rulings/`, unter einem eigenen Namen (ändere `path` in
        der Zelle, oder nimm `bin/digiteach new my-rulings/NAME.yaml` für eine kommentierte Vorlage). Im Ordner des
        Repositorys prüft `bin/digiteach check my-rulings/*.yaml --lang de` sie alle auf einmal, und in einem
        Notebook öffnet `widgets.play(path, lang="de")` eines im Player. (`digiteach/scenarios/` ist der Ordner der
        mitgelieferten Szenarien des Kits, von Git verfolgt: Überlass ihn dem Projekt.)
        """),
]

CELLS: dict[str, list[tuple[str, str]]] = {
    "de/00_start_here": _START_HERE,
    "de/01_attack_timings": _ATTACK_TIMINGS,
    "de/02_pending_activation": _PENDING_ACTIVATION,
    "de/03_write_your_own_ruling": _WRITE_YOUR_OWN,
}
"""Notebook name -> its cells after the opening: ``("md", markdown)`` or ``("code", source)``."""
