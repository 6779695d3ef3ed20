"""The terminal UI's own words in each language the unit speaks besides English, by their English.

What the terminal says around the glass (the legend, the compact key lines, the help, the
panels' titles, the slot and status lines, the export's line), as history.CHART_WORDS says the
chart's: looked up with history.word, the English itself when a text has no entry. Each
edition's own help lines are in its editions/<name>/hints.py TUI_WORDS, beside their English.
The words follow lang/<code>.txt's glossary (CARTE, SOLDE, VERT, ROUGE, TENIR, TITRE ...), the
keys keep the names their French legends print (host_sim/key_names.py), and the terminal keys
(h, [, ], Esc, Enter ...) stay as the keyboard's. A % in a text stays the same in each
language (tests/host/test_tui_words.py checks it), and each text fits where its English did.
"""

TUI_WORDS = {
    "fr": {
        # the help's lines the card editions share (their hints.py TUI_HOLD, TUI_POWER_MENU,
        # TUI_PLAYING_TITLE; each edition's own lines are in its hints.py TUI_WORDS)
        "hold %(key)s for %(s)s s: NEW GAME? (GO confirms)": (
            "tenir %(key)s %(s)s s: NOUVELLE PARTIE ? (GO confirme)"
        ),
        "power cycle holding the menu's ok key: the settings menu": (
            "rallumer en tenant la touche ok du menu: le menu des réglages"
        ),
        "Playing:": "La partie:",
        # the legend's explanations of the unit keys (tui_keys.UNIT_KEYS, inside the brackets)
        "thousand": "mille",
        "million": "million",
        "clear": "effacer",
        "the arrow: passing GO": "la flèche: passer par Départ",
        "Transport Zone": "zone de transport",
        "auction timer": "minuterie des enchères",
        "lift one: value + 10%": "levée: valeur + 10 %",
        "RED's whole balance": "tout le solde du ROUGE",
        "prison; no card: sound": "prison; sans carte: un son",
        "the square typed": "la case tapée",
        "the deed's price": "le prix du titre",
        "the deed": "le titre",
        "dice first: utility": "les dés d'abord: compagnie",
        "a house, a hotel": "une maison, un hôtel",
        "digits": "chiffres",
        "point": "virgule",
        # the holds (tui_keys.HOLD_LABEL, KeyTable.hold_label)
        "hold C: NEW GAME?": "tenir C: NOUV. PARTIE ?",
        "hold %s": "tenir %s",
        ", French legends": ", légendes en français",
        # the full layout's legend (tui_keys.legend_text)
        "Unit keys": "Touches",
        "Long press": "Appui long",
        "then a unit key: hold it %s s": "puis une touche: la tenir %s s",
        "Cards": "Cartes",
        "GREEN slot": "lecteur VERT",
        "RED slot": "lecteur ROUGE",
        "then: put that card in": "puis: insérer cette carte",
        "again: take the card out": "encore: la retirer",
        "then: a deed's square, Enter lays its tag": "puis: case d'un titre, Entrée le pose",
        "Simulator": "Simulateur",
        "bell on/off": "bip oui/non",
        "power up holding %s (settings)": "allumer en tenant %s (réglages)",
        "export the game: CSV and chart": "exporter: CSV et graphique",
        "help": "aide",
        "cancel": "annuler",
        "quit": "quitter",
        # the compact layout's key lines (tui_keys.hint_items)
        "GREEN/RED card: 1-6": "VERT/ROUGE: carte 1-6",
        "deed tag: square, Enter": "titre: case, Entrée",
        "hold a key": "tenir…",
        "deeds / panel": "plateau",
        "settings": "réglages",
        "export": "exporter",
        "bell": "bip",
        "all keys": "aide",
        # the help screen (tui_keys.help_text, HelpScreen)
        "Help": "Aide",
        "? or Esc closes; arrows scroll": "? ou Esc la ferme; les flèches la font défiler",
        "Keys of the simulated %s unit%s": "Touches de l'unité %s simulée%s",
        "Unit keys (a tap, like a finger on the keypad):": (
            "Touches de l'unité (un appui, comme un doigt sur le clavier):"
        ),
        "   (unit key %s)": "   (touche %s)",
        "Long press (a terminal sends no key-up, so a hold is a prefix):": (
            "Appui long (un terminal ne dit pas quand une touche est lâchée: d'où un préfixe):"
        ),
        "h, then a unit key  hold that key down for %s s": (
            "h, puis une touche  la tenir enfoncée %s s"
        ),
        "Cards (virtual cards 1-%d belong to this game):": (
            "Cartes (les cartes virtuelles 1 à %d sont celles de la partie):"
        ),
        "[ then 1-9   put that card in the GREEN slot (receive)": (
            "[ puis 1-9   insérer cette carte dans le lecteur VERT (recevoir)"
        ),
        "] then 1-9   put that card in the RED slot (pay); 7-9 are cards the unit": (
            "] puis 1-9   insérer cette carte dans le lecteur ROUGE (payer); 7-9: des cartes"
        ),
        "             never enrolled (UNKNOWN CARD)": (
            "             que l'unité n'a jamais inscrites (CARTE INCONNUE)"
        ),
        "[ or ]       when that slot holds a card: take it out": (
            "[ ou ]       quand ce lecteur tient une carte: la retirer"
        ),
        "[ or ], d    then a deed's square (1-39) and Enter: lay its tag on that": (
            "[ ou ], d    puis la case d'un titre (1-39) et Entrée: poser ce titre sur ce"
        ),
        "             reader (the board beside the unit: owner, buildings, M)": (
            "             lecteur (le plateau à côté de l'unité: propriétaire, bâtiments, M)"
        ),
        "Simulator:": "Simulateur:",
        "s            terminal bell for sound cues on/off (this window only)": (
            "s            bip du terminal aux sons de l'unité, oui/non (cette fenêtre seulement)"
        ),
        "E            export the game so far: a CSV and a chart (the status line": (
            "E            exporter la partie jusqu'ici: un CSV et un graphique (la ligne d'état"
        ),
        "             says where; --export-dir, make sim EXPORT=)": (
            "             dit où; --export-dir, make sim EXPORT=)"
        ),
        "cancel a pending slot or hold": "annuler un lecteur ou un appui long en attente",
        "cancel a pending hold": "annuler un appui long en attente",
        "?            this help (? or Esc closes it)": (
            "?            cette aide (? ou Esc la ferme)"
        ),
        "Q, ctrl+q    quit (the unit powers off)": "Q, ctrl+q    quitter (l'unité s'éteint)",
        # how every card edition is played (tui_keys.CARD_PLAYING)
        "Pay the bank: card in RED. Pay a player: payer in RED, receiver in GREEN.": (
            "Payer la banque: carte en ROUGE. Payer un joueur: payeur en ROUGE, l'autre en VERT."
        ),
        "GO: card alone in GREEN, g. C clears a wrong amount while the card is in.": (
            "Salaire: carte seule en VERT, g. C efface un montant erroné tant que la carte y est."
        ),
        "Virtual time follows real time: after a minute unused the screen goes": (
            "Le temps virtuel suit le temps réel: après une minute sans usage, l'écran"
        ),
        "dark; any key or card wakes it.": "s'éteint; une touche ou une carte le rallume.",
        # the Banker's building auction (tui_deeds.building_auction_help)
        "Building auction (the bank has fewer houses or hotels than wanted):": (
            "Enchère de bâtiments (la banque a moins de maisons ou d'hôtels que demandé):"
        ),
        "%s with no deed laid or typed: the bank's next house under the hammer;": (
            "%s sans titre posé ni tapé: la prochaine maison de la banque est mise aux"
        ),
        "%s again before the first bid: a hotel instead (and back).": (
            "enchères; %s à nouveau avant la première mise: un hôtel (et retour)."
        ),
        "Each bid: the bidder's card in RED (]), the lot's tag on GREEN ([ d, its": (
            "Chaque mise: la carte de l'enchérisseur en ROUGE (]), le titre du lot en VERT"
        ),
        "square, Enter) or its square then %s, the amount, %s. The lot must take": (
            "([ d, sa case, Entrée) ou sa case puis %s, le montant, %s. Le lot doit"
        ),
        "that building next (a hotel: only a lot with 4 houses); each bid starts the": (
            "pouvoir recevoir ce bâtiment (un hôtel: seulement avec 4 maisons); chaque mise"
        ),
        "countdown again. At its end %s builds it on the highest bid's lot for the": (
            "relance le compte à rebours. À la fin, %s le construit sur le lot de la plus"
        ),
        "bid; %s stops the auction (with no bid the bank keeps the building).": (
            "haute mise, à son prix; %s arrête l'enchère (sans mise, la banque le garde)."
        ),
        # the Banker's board (tui_deeds.board_text, deed_prompt, held_text)
        "c1: card 1's  -: bank's": "c1: carte 1  -: libre",
        "1h-4h: houses  H: hotel": "1h-4h: maisons  H: hôtel",
        "M: mortgaged": "M: hypothéqué",
        "bank: %(houses)d houses, %(hotels)d hotels": "banque: %(houses)d maisons, %(hotels)d H",
        "%s reader: deed on square %s_ (1-39), Enter lays it, Esc cancels": (
            "Lecteur %s: titre de la case %s_ (1-39), Entrée le pose, Esc annule"
        ),
        "card %d": "carte %d",
        "deed": "titre",
        "spare": "rechange",
        # the panels, the slot line and the status line (tui.BankUnitApp)
        "Keys: %s unit%s": "Touches: unité %s%s",
        "Balances": "Soldes",
        "Totals": "Totaux",
        "Deeds": "Titres",
        "Deeds (D: the panel again)": "Titres (D: l'écran à nouveau)",
        "Sounds  ": "Sons  ",
        "GREEN": "VERT",
        "RED": "ROUGE",
        "empty": "vide",
        "on": "oui",
        "off": "non",
        " virtual time %s s   bell %s": " temps virtuel %s s   bip %s",
        "   screen dark (standby): any key wakes it": (
            "   écran éteint (veille): une touche le rallume"
        ),
        "dark: any key wakes it   ": "éteint: une touche le rallume   ",
        "card %-3d %9s": "carte %-3d %9s",
        "no token in play yet": "aucun pion en jeu",
        "no token\nin play yet": "aucun pion\nen jeu",
        "%s slot: press 1-%d (7-9: unknown card)%s, Esc cancels": (
            "Lecteur %s: tapez 1-%d (7-9: carte inconnue)%s, Esc annule"
        ),
        ", d: a deed": ", d: un titre",
        "hold: press a unit key (held %s s), Esc cancels": (
            "appui long: tapez une touche (tenue %s s), Esc annule"
        ),
        "Put a card in with [ (GREEN) or ] (RED), type an amount; ? for help": (
            "Insérez une carte: [ (VERT) ou ] (ROUGE), tapez un montant; ? pour l'aide"
        ),
        "b 1 0 1 c: hat introduces company 01; ? for help": (
            "b 1 0 1 c: le chapeau introduit la société 01; ? pour l'aide"
        ),
        "This window is %d x %d: make the window at least %d x %d\n"
        "(columns x rows) for the simulator's panel, balances and keys,\n"
        "%d x %d for its full layout; Q quits.": (
            "Cette fenêtre fait %d x %d: agrandissez-la à %d x %d au moins\n"
            "(colonnes x lignes) pour l'écran du simulateur, les soldes et les touches,\n"
            "%d x %d pour sa disposition complète; Q pour quitter."
        ),
        "The firmware stopped: %s": "Le micrologiciel s'est arrêté: %s",
        "%sthe unit says: %s": "%sl'unité affiche: %s",
        "Cancelled": "Annulé",
        "Hold cancelled: %r is not a unit key": "Appui long annulé: %r n'est pas une touche",
        "the %s unit has no card slots": "l'unité %s n'a pas de lecteur de cartes",
        "Powered up holding %s": "Allumée en tenant %s",
        "Bell %s": "Bip %s",
        "Pressed %s": "Appui sur %s",
        "Held %s for %s s": "Touche %s tenue %s s",
        "%r is no key here; ? for help": "%r n'est pas une touche ici; ? pour l'aide",
        "The deeds are on the board beside the unit (D: in a small window)": (
            "Les titres sont sur le plateau à côté de l'unité (D: dans une petite fenêtre)"
        ),
        "D: the panel again": "D: l'écran à nouveau",
        "D: the board of deeds": "D: le plateau des titres",
        "%s out of %s": "%s: sortie du lecteur %s",
        "Card %d in %s": "Carte %d en %s",
        "%s slot: cancelled": "Lecteur %s: annulé",
        "Deed %d on %s": "Titre %d en %s",
        "%s reader: type the deed's square first": "Lecteur %s: tapez d'abord la case du titre",
        "%s reader: deed cancelled": "Lecteur %s: titre annulé",
        # the export (tui.BankUnitApp._export, tui_export)
        "Export needs %s: make setup (or pip install -e '.[sim]')": (
            "L'export demande %s: make setup (ou pip install -e '.[sim]')"
        ),
        "Export failed: %s": "Échec de l'export: %s",
        "Exported %s: %s and .png": "Exporté %s: %s et .png",
        "transaction": "opération",
        ", %d series on the chart": ", %d séries sur le graphique",
        "nothing to export yet: the unit has written no game": (
            "rien à exporter: l'unité n'a encore écrit aucune partie"
        ),
    }
}


def english(text: str) -> str:
    """The text as it is: the words of an English unit (where no `said` is given)."""
    return text
