"""Texts of the German lessons 04-06 (``lessons/de/04_*`` ... ``06_*``: learn by doing), in our own words, for
``build_lessons.py``.

The same shape as :mod:`lesson_texts_de` (an opening in ``OPENINGS``, then the cells in ``CELLS``), split off so that
neither file grows past a thousand lines. The first code cell of each lesson chooses German (``set_language("de")``);
every player is opened with ``lang="de"``; the quiz, the explorations and the side-by-side views are told in the
language in force. The game terms follow ``docs/glossary-de.md``.
"""

from __future__ import annotations

from lesson_texts_de import NEED_BASICS_DE

__all__ = ["OPENINGS", "CELLS"]

OPENINGS: dict[str, tuple[str, str, str, str]] = {
    "de/04_explore_every_branch": (
        "Erkunde jede Reihenfolge eines Spielfelds",
        "Du folgst auf einem einzigen Spielfeld (Beispiele 9 und 10 der *Triggered Effects*-Seite des Wikis) jeder "
        "erlaubten Antwort auf jede Frage, fasst die Linien nach ihrem Ergebnis zusammen und spielst die Linie nach, "
        "die zu einem Ergebnis führt.",
        "dass ein Spielfeld auf mehrere Arten enden kann, allein je nachdem, welche Reihenfolge der Spieler am Zug "
        "wählt; dass die Beispiele 9 und 10 des Wikis zwei dieser Linien sind; und wie `digiteach explore` die Linien "
        "zählt.",
        NEED_BASICS_DE,
    ),
    "de/05_predict_then_check": (
        "Sag den nächsten Schritt voraus und prüfe ihn",
        "Du beantwortest Fragen, die aus dem Ablauf eines Angriffs erzeugt werden, bevor der jeweilige Schritt "
        "gezeigt wird, und bekommst am Ende eine Punktzahl.",
        "wer den nächsten Effekt wählt (CR 15-4-3-5), was ein Kampf löscht (CR 14-2-1), wie viele Sicherheitskarten "
        "ein Angriff prüft (CR 13-1-2) und welche Irrtümer eine falsche Antwort verraten kann.",
        NEED_BASICS_DE,
    ),
    "de/06_compare_rulesets": (
        "Vergleiche eine Regelentscheidung unter zwei Regelwerken",
        "Du spielst eine Regelentscheidung nach den aktuellen Regeln (CR 4.2) und nach älteren nebeneinander ab und "
        "suchst den ersten Schritt, der sich unterscheidet.",
        "was CR 3.7 an <Piercing> und an Sicherheitsprüfungen geändert hat, was CR 2.0 an Effekten geändert hat, die "
        "auf einen Angriff des Gegners warten, und wie man ein Regelwerk in einem Szenario und auf der Kommandozeile "
        "angibt.",
        NEED_BASICS_DE,
    ),
}
"""Notebook name -> (title, what you'll do, what you'll learn, what you'll need), in German."""

_EXPLORE: list[tuple[str, str]] = [
    ("md", """
        ## Jede Linie eines Spielfelds

        Die Beispiele 9 und 10 der *Triggered Effects*-Seite des Wikis spielen auf demselben Spielfeld:
        UlforceVeedramon (mit Majiramon darunter) greift an, neben ihm stehen zwei Tamer. Verschieden ist nur die
        Reihenfolge, die Spieler A wählt. `explore` beantwortet jede Frage auf jede mögliche Weise, spielt jede Linie
        bis zum Ende und fasst die Linien zusammen, deren Ergebnis gleich ist (aktivierte Effekte der Reihe nach,
        gelöschte Digimon, Sicherheitsstapel, Speicher, Sieger, wer am Zug ist).

        Die erste Zelle wählt Deutsch und erkundet das Spielfeld:
        """),
    ("code", """
        import digiteach.scenario as sc
        import widgets
        from digiteach.explore import explore, with_choices
        from digiteach.i18n import set_language

        set_language("de")
        scenario = sc.load_scenario("triggered-effects-9")
        found = explore(scenario, limit=500)
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        print(len(found.outcomes), "Ergebnisse aus", found.lines, "Linien; jede Linie verfolgt:",
              "ja" if found.complete else "nein")
        for n, o in enumerate(found.outcomes, 1):
            # "Aktivieren: [Your Turn] von BT2-085 Joe Kido – +1 Speicher" -> "Joe Kido"; ein vererbter Effekt nennt
            # die Karte, von der er stammt ("... (vererbt von Majiramon)" -> "Majiramon")
            cards = [label.rpartition("vererbt von ")[2].rstrip(")") if "vererbt von" in label
                     else label.split(" von ", 1)[1].split(" – ")[0].split(" ", 1)[1]
                     for label in o.result.activation_order]
            print(f"{n}. {o.paths} Linie(n), Speicher {o.result.memory}: {' -> '.join(cards) or 'nichts aktiviert'}")
        """),
    ("md", """
        Such die zwei dokumentierten Reihenfolgen: In Beispiel 9 wird Joe Kidos Effekt als Zweites und Majiramons
        Effekt als Letztes aktiviert, in Beispiel 10 kommt Majiramon gar nicht vor (es wurde zuerst gewählt, seine
        Bedingung war nicht erfüllt, und es wurde nicht aktiviert, CR 15-6-3). Die Linien, die mit Speicher 3 oder 4
        enden, sind die, in denen Spieler A einen „Du kannst“-Effekt abgelehnt hat.

        ## Ein Ergebnis nachspielen

        Zu jedem Ergebnis merkt sich `explore` eine Linie von Antworten, mit den deutschen Beschriftungen der
        Möglichkeiten. Als Antworten des Szenarios eingesetzt (`with_choices`), führt sie genau zu diesem Ergebnis, und der
        Player erzählt die Linie auf Deutsch:
        """),
    ("code", """
        import digiteach.scenario as sc
        import widgets
        from digiteach.explore import explore, with_choices
        from digiteach.i18n import set_language

        set_language("de")
        scenario = sc.load_scenario("triggered-effects-9")
        last = explore(scenario, limit=500).outcomes[-1]  # das letzte Ergebnis der Liste oben
        print(" | ".join(last.choices))
        widgets.play(sc.play(with_choices(scenario, last.choices)))
        """),
    ("md", """
        ## Deine Linie neben der dokumentierten

        `study` öffnet den Player zusammen mit seinen Lernansichten, in einem Aufruf und in der gewählten Sprache.
        Wähle im Player bei einer Entscheidung eine andere Antwort und sieh dir dann *Vergleichen* an: die
        dokumentierte Linie und deine nebeneinander, der erste Schritt, an dem sie sich unterscheiden, markiert, und
        wie sich die Ergebnisse unterscheiden.
        """),
    ("code", """
        from digiteach.i18n import set_language
        from widgets.learn import study

        set_language("de")
        view = study("triggered-effects-9")
        view.mode.value = "Compare"
        view
        """),
    ("md", """
        (Die Zelle wählt die Ansicht über ihren englischen Schlüssel `"Compare"`; angezeigt wird *Vergleichen*.)

        ## Jede Linie in einer Datei, ohne Kernel

        `digiteach export triggered-effects-9 --html te9-jede-linie.html --branches --lang de` schreibt eine
        HTML-Datei, die jede Linie des Spielfelds enthält (`--limit K` behält die ersten K Linien, die dokumentierte
        ist immer dabei). Öffne sie in einem beliebigen Browser, auch offline, oder leg sie auf einen beliebigen
        Webserver: Bei jeder Entscheidung wählen die Lernenden eine Antwort, die Seite zeigt die Schritte dieser Linie
        und am Ende ihr Ergebnis neben dem dokumentierten.

        ## Probier es selbst

        Im Terminal gibt `digiteach explore triggered-effects-10 --lang de --json` dieselben Ergebnisse als JSON aus,
        und `--from-step N` beginnt bei Schritt N der dokumentierten Linie, so gezählt wie bei `digiteach trace` (die
        Antworten davor bleiben fest). Welches Spielfeld der anderen Beispiele hat die meisten Ergebnisse? (Triggered
        Effects 7 hat 2.703 Linien. Linien, die auf anderem Weg zur selben Stellung kommen, werden nur einmal
        durchgerechnet, und `explore` zählt sie trotzdem alle mit.)
        """),
]

_QUIZ: list[tuple[str, str]] = [
    ("md", """
        ## Die Fragen

        Das Quiz entsteht aus den Schritten der Engine selbst, nie von Hand geschrieben: Vor einem Schritt fragt es,
        was dieser Schritt tun wird, und richtig ist, was die Engine dann tut. Hier sind die Fragen zum fünften
        *Attack Resolution*-Beispiel des Wikis, auf Deutsch:
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        import digiteach.scenario as sc
        from digiteach.i18n import set_language
        from digiteach.quiz import make_quiz

        set_language("de")
        data = make_quiz(sc.load_scenario("attack-resolution-5"))
        for n, q in enumerate(data.questions, 1):
            print(f"{n}. (vor Schritt {q.number}) {q.question}")
        """),
    ("md", """
        ## Beantworte sie

        Klicke eine Antwort an. Du siehst sofort, ob sie stimmt, und die Regel dahinter; passt eine falsche Antwort
        zu einem bekannten Irrtum (bei gleichen DP gewinne der Angreifer, <Piercing> gewinne das Spiel, ...), wird er
        genannt. Die Punktzahl kommt am Schluss.
        """),
    ("code", """
        from widgets.learn import quiz

        quiz("attack-resolution-5")
        """),
    ("md", """
        ## Das Quiz neben dem Player

        Im Player zeigt das Quiz das Spielfeld kurz vor jeder Frage, und deine Antwort deckt die Schritte auf, die die
        Frage beantworten:
        """),
    ("code", """
        from digiteach.i18n import set_language
        from widgets.learn import study

        set_language("de")
        view = study("attack-resolution-5")
        view.mode.value = "Quiz"
        view
        """),
    ("md", """
        ## Probier es selbst

        Jedes mitgelieferte Szenario hat ein Quiz: `quiz("ruling-R42")` fragt nach <Piercing> gegen einen leeren
        Sicherheitsstapel. Im Terminal: `digiteach quiz ruling-R42 --lang de`, oder mit `--json` die Fragen,
        Möglichkeiten, Begründungen und Irrtümer als Daten.
        """),
]

_RULESETS: list[tuple[str, str]] = [
    ("md", """
        ## Eine Sicherheitsprüfung pro Angriff

        In Regelentscheidung R39 wird Vortexdramons <Piercing> in einem Angriff zweimal aktiviert. Seit CR 3.7 hat
        ein Angriff eine einzige Sicherheitsprüfung (CR 13-1-2, 16-7-5), also wird eine Karte geprüft. Nach den Regeln
        von CR 2.0 bis 3.6 (Regelwerk `2024`) war jede Aktivierung eine eigene Prüfung.

        Die erste Zelle wählt Deutsch und spielt beide Fassungen ab:
        """),
    ("code", """
        # NBVAL_CHECK_OUTPUT
        import digiteach.scenario as sc
        from digiteach.i18n import set_language
        from widgets.learn import compare_rulesets, first_difference

        set_language("de")
        now = sc.play(sc.load_scenario("ruling-R39"))
        then = sc.play(sc.load_scenario("ruling-R39-cr2024"))
        print("erster Schritt, der sich unterscheidet: Schritt", first_difference(now, then) + 1)  # ab 1 gezählt, wie im Player
        for trace in (now, then):
            print(trace.ruleset, "- Sicherheitsstapel:", dict(trace.result.security))
        """),
    ("md", """
        Beide Szenariodateien beschreiben dasselbe Spielfeld; jede nennt in `expect` das Ergebnis ihres eigenen
        Regelwerks. Nebeneinander stehen die Schritte vor dem ersten Unterschied in einer Zeile, die sich aufklappen
        lässt, und die Schritte, die sich unterscheiden, sind schattiert:
        """),
    ("code", """
        from digiteach.i18n import set_language
        from widgets.learn import compare_rulesets

        set_language("de")
        compare_rulesets("ruling-R39", "4.2", "2024")
        """),
    ("md", """
        ## Wann die Auslöser zum Angriff des Gegners kommen

        Bevor CR 2.0 im globalen Spiel galt (August 2024, Regelwerk `2023`), lösten Effekte, die auf einen Angriff des
        Gegners warten, in einem eigenen Zeitpunkt nach [When Attacking] aus. In Regelentscheidung R09 fällt dadurch
        die Reihenfolge-Entscheidung von Spieler B weg; deshalb hat das ältere Regelwerk eine eigene Szenariodatei mit
        eigenen Antworten (`ruling-R09-cr2023`). Das Ergebnis ist dasselbe:
        """),
    ("code", '''
        import digiteach.scenario as sc
        from digiteach.i18n import set_language
        from widgets.learn import side_by_side

        set_language("de")
        side_by_side(sc.play(sc.load_scenario("ruling-R09")), sc.play(sc.load_scenario("ruling-R09-cr2023")),
                     ("CR 4.2", "CR 2023"))
        '''),
    ("md", """
        ## Das Regelwerk im Player wechseln

        `study` setzt eine Auswahl **Regelwerk** über den Player: Wähle *CR 2024*, und der Player zeigt R39 nach diesen
        Regeln, am selben Schritt; *Vergleichen* zeigt dann beide Regelwerke nebeneinander. Passt die Antwortliste
        eines Szenarios nicht zu einem Regelwerk (R09 stellt nach CR 2023 keine Reihenfolge-Frage), bleibt es, wie es
        ist, und sagt, warum.
        """),
    ("code", """
        from digiteach.i18n import set_language
        from widgets.learn import study

        set_language("de")
        view = study("ruling-R39")
        view.ruleset_choice.value = "CR 2024"
        view.mode.value = "Compare"
        view
        """),
    ("md", """
        ## Probier es selbst

        Jeder Befehl nimmt ein Regelwerk: `digiteach trace ruling-R01 --ruleset 2023 --lang de`, `digiteach check
        --ruleset 2024`, `digiteach explore ruling-R39 --ruleset 2024`. Welche mitgelieferten Szenarien verfehlen
        unter `2024` ihr `expect` nach CR 4.2, und warum?
        """),
]

CELLS: dict[str, list[tuple[str, str]]] = {
    "de/04_explore_every_branch": _EXPLORE,
    "de/05_predict_then_check": _QUIZ,
    "de/06_compare_rulesets": _RULESETS,
}
"""Notebook name -> its cells after the opening: ``("md", markdown)`` or ``("code", source)``."""
