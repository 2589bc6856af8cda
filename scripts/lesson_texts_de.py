"""Texts of the German lessons (``lessons/00_de_*.ipynb``), in our own words, for ``build_lessons.py``.

Each German lesson is a list of cells, ``("md", text)`` or ``("code", source)``, after an opening (``OPENINGS``:
title, what you'll do / learn / need, in German). The game terms follow ``docs/glossary-de.md``; card names, keywords
in angle brackets, timings in square brackets and rule numbers stay as printed. The first code cell chooses German
(``set_language("de")``), so the player, the captions, the diagrams and every printed label are German.

Written so far: lesson 00 (``00_de_start_here``). Lessons 01-03 are still English only.
"""

from __future__ import annotations

__all__ = ["OPENING_WORDS", "HOW_TO_RUN_DE", "REVEAL_TITLE_DE", "OPENINGS", "CELLS"]

OPENING_WORDS = ("Was du tust", "Was du lernst", "Was du brauchst")
"""The German headings of the lesson opening (English: What you'll do / learn / need)."""

HOW_TO_RUN_DE = (
    "**So startest du sie:** Wähle im Menü **Run > Run All Cells** (der Schritt-Player erscheint ein paar Sekunden "
    "später unter seiner Zelle) oder klicke in die erste Zelle und drücke **Umschalt+Enter** (Shift+Enter), um eine Zelle nach der "
    "anderen auszuführen. Ein später wieder geöffnetes Notebook zeigt \"Run this cell to see the player\", wo ein "
    "Player war: Führe die Zellen dann erneut aus."
)

REVEAL_TITLE_DE = "Antwort der Engine zeigen"

OPENINGS: dict[str, tuple[str, str, str, str]] = {
    "00_de_start_here": (
        "Geh deine erste Regelentscheidung Schritt für Schritt durch",
        "Du öffnest den Schritt-Player auf einem durchgerechneten Beispiel, bewegst dich mit den Knöpfen, dem "
        "Schieberegler und den Pfeiltasten hindurch und beantwortest eine Entscheidung anders, um zu sehen, wohin "
        "dich die Regeln führen.",
        "was digiteach ist, wie der Player aufgebaut ist und die wenigen offiziellen Begriffe, die jede Lektion "
        "benutzt (Kampfbereich, Sicherheitsstapel, Speicheranzeige, quer legen, ausstehende Aktivierung, Spieler am "
        "Zug).",
        "einen Python-Kernel, in dem dieses Projekt installiert ist: `./lab` im Repository richtet ihn ein und öffnet "
        "dieses Notebook (deine eigene Kopie davon, in `my-lessons/`). Regelwissen wird nicht vorausgesetzt. Läuft "
        "für sich allein, in beliebiger Reihenfolge, in wenigen Sekunden.",
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

        player = widgets.play("attack-resolution-5")
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
        - **Drei Diagramme.** *Zeitpunkte des Angriffs* zeigt, wo der Angriff steht; *Ausstehende Aktivierung*
          listet die Effekte, die auf ihre Aktivierung warten; *Spielfeld* zeigt die Bereiche beider Spieler und
          die Speicheranzeige, mit den Änderungen seit dem vorigen Schritt hervorgehoben.
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

        first = next(s for s in player.trace.steps if s.decision is not None and s.decision.kind == "order")
        other = next(o for o in first.decision.options if o != first.choice)
        mine = sc.branch(player.trace, first.index, other)
        answer = ipywidgets.Output()
        with answer:
            print("dokumentiert:", player.trace.result.activation_order)
            print("deine Linie: ", mine.result.activation_order)
            print("dieselben Löschungen und Sicherheitsstapel:",
                  mine.result.deleted == player.trace.result.deleted and mine.result.security == player.trace.result.security)
        ipywidgets.Accordion([answer], titles=[{REVEAL_TITLE_DE!r}], selected_index=None)
        """),
    ("md", """
        Ob eine andere Reihenfolge das Ergebnis ändert, ist genau die Art Frage, die die Beispiel-Lektionen stellen.

        ## Wie es weitergeht

        Die folgenden Lektionen gibt es bisher nur auf Englisch; die Engine spricht darin trotzdem Deutsch, wenn du
        in ihrer ersten Zelle `from digiteach.i18n import set_language; set_language("de")` ausführst.

        - `01_attack_timings`: einen Angriff durch seine Zeitpunkte verfolgen.
        - `02_pending_activation`: wie gleichzeitig ausgelöste Effekte warten und in welcher Reihenfolge sie
          aktiviert werden.
        - `03_write_your_own_ruling`: eine Szenariodatei schreiben und prüfen.
        - `04_explore_every_branch` … `06_compare_rulesets`, `ar01` … `ar11`, `te01` … `te10`: die übrigen
          Lektionen; die Übersicht steht in `README.md`.
        """),
]

CELLS: dict[str, list[tuple[str, str]]] = {"00_de_start_here": _START_HERE}
"""Notebook name -> its cells after the opening: ``("md", markdown)`` or ``("code", source)``."""
