// The page's own words in each language the unit speaks besides English (issue 34), by their English.
//
// As host_sim's TUI_WORDS and CHART_WORDS: the glossary of lang/<code>.txt (CARTE, TITRE, VERT,
// ROUGE, RÉGLAGES, OPÉRATION ...), the slots called readers (lecteur VERT) as the terminal calls
// them. A text's %s are filled in order by word(); each French keeps its English's %s and its
// HTML tags (index.html's data-say texts), which tests/host/test_web_words.py checks, with every
// text page.js and index.html say having its French here.
export const PAGE_WORDS = {
  fr: {
    // index.html: the title and headings, the controls, the help (data-say, data-say-label)
    "Monopoly banking unit": "Unité bancaire Monopoly",
    "GREEN<br>receives": "VERT<br>reçoit",
    "RED<br>pays": "ROUGE<br>paie",
    "player cards: choose one, then a slot (or drag it)": "cartes des joueurs : choisissez-en une, puis un lecteur (ou faites-la glisser)",
    keypad: "clavier",
    Deeds: "Titres de propriété",
    "the chosen deed's tag": "le titre choisi",
    "Choose a deed, then a reader": "Choisissez un titre, puis un lecteur",
    "Lay on GREEN": "Poser en VERT",
    "Lay on RED": "Poser en ROUGE",
    "board of deeds: choose one to lay its tag on a reader": "plateau des titres : choisissez-en un pour le poser sur un lecteur",
    "c1: card 1's · 1h-4h: houses · H: hotel · M: mortgaged": "c1 : à la carte 1 · 1h-4h : maisons · H : hôtel · M : hypothéqué",
    "Power cycle": "Éteindre et rallumer",
    "New unit:": "Nouvelle unité :",
    Sound: "Son",
    "The game": "La partie",
    "Download the game": "Télécharger la partie",
    "Load a unit's data (the folder <code>make pull</code> copies):": "Charger les données d'une unité (le dossier que copie <code>make pull</code>) :",
    "Save:": "Enregistrer :",
    "Keyboard and screen reader": "Clavier et lecteur d'écran",
    'Type on the keypad with the keyboard: <kbd>0</kbd> to <kbd>9</kbd>, <kbd>.</kbd>, <kbd>K</kbd>, <kbd>M</kbd>; <kbd>Enter</kbd> is <span class="key-ok">GO</span>, <kbd>Backspace</kbd> is <span class="key-back">C</span>. Held down, a key is held on the unit too. While a button has the focus, <kbd>Enter</kbd> presses that button: <kbd>Esc</kbd> leaves it.':
      'Tapez sur le clavier de l\'unité avec celui de l\'ordinateur : <kbd>0</kbd> à <kbd>9</kbd>, <kbd>.</kbd>, <kbd>K</kbd>, <kbd>M</kbd> ; <kbd>Entrée</kbd> est <span class="key-ok">GO</span>, <kbd>Retour arrière</kbd> est <span class="key-back">C</span>. Une touche tenue enfoncée l\'est aussi sur l\'unité. Quand un bouton a le focus, <kbd>Entrée</kbd> appuie sur ce bouton : <kbd>Échap</kbd> l\'en fait sortir.',
    "Or <kbd>Tab</kbd> to any key of the keypad and press <kbd>Space</kbd> or <kbd>Enter</kbd>.": "Ou <kbd>Tab</kbd> jusqu'à une touche du clavier de l'unité, puis <kbd>Espace</kbd> ou <kbd>Entrée</kbd>.",
    "Cards: <kbd>Tab</kbd> to a card and press <kbd>Space</kbd> to choose it, then to the GREEN or RED slot and press <kbd>Space</kbd> to put it in. <kbd>Space</kbd> on a card in a slot takes it out.":
      "Cartes : <kbd>Tab</kbd> jusqu'à une carte et <kbd>Espace</kbd> pour la choisir, puis jusqu'au lecteur VERT ou ROUGE et <kbd>Espace</kbd> pour l'y insérer. <kbd>Espace</kbd> sur une carte dans un lecteur la retire.",
    "The screen is read out as it changes; on the Stock Exchange, what it means: the companies' prices, the company chosen by its code, the form's question.":
      "L'écran est lu à voix haute quand il change ; à la Bourse, ce qu'il signifie : les cours des sociétés, la société choisie par son code, la question du formulaire.",
    // page.js: the cards, the slots and what the status line says of them
    "(screen off)": "(écran éteint)",
    "CARD %s": "CARTE %s",
    "DEED %s": "TITRE %s",
    GREEN: "VERT",
    RED: "ROUGE",
    receives: "reçoit",
    pays: "paie",
    "deed %s": "le titre %s",
    "card %s": "la carte %s",
    empty: "vide",
    "%s %s: %s": "%s %s : %s",
    "card %s, in the %s slot: take it out": "carte %s, dans le lecteur %s : la retirer",
    "deed %s %s, on the %s reader: lift it": "titre %s %s, sur le lecteur %s : le retirer",
    "The %s slot holds %s: nothing moved. Put %s in the other slot, or take %s out first (with nothing chosen, choose it).":
      "Le lecteur %s tient %s : rien n'a bougé. Mettez %s dans l'autre lecteur, ou retirez d'abord %s (choisissez ce qu'il tient quand rien d'autre n'est choisi).",
    "The %s slot already holds %s: nothing moved.": "Le lecteur %s tient déjà %s : rien n'a bougé.",
    "Card %s chosen: now the GREEN or the RED slot.": "Carte %s choisie : maintenant le lecteur VERT ou ROUGE.",
    "The %s slot holds %s: choose it to take it out.": "Le lecteur %s tient %s : choisissez ce qu'il tient pour le retirer.",
    "Choose a card first, then the slot.": "Choisissez d'abord une carte, puis le lecteur.",
    // page.js: the Banker's board (the groups' names as the chart says them, history.CHART_WORDS)
    "a hotel": "un hôtel",
    "1 house": "1 maison",
    "%s houses": "%s maisons",
    "no buildings": "aucun bâtiment",
    "the bank's": "à la banque",
    "card %s's": "à la carte %s",
    ", mortgaged": ", hypothéqué",
    "%s %s, %s: %s, %s%s": "%s %s, %s : %s, %s%s",
    brown: "marron",
    "light blue": "bleu clair",
    pink: "rose",
    orange: "orange",
    red: "rouge",
    yellow: "jaune",
    green: "vert",
    "dark blue": "bleu foncé",
    railroads: "gares",
    utilities: "compagnies",
    "Bank: %s houses, %s hotels left": "Banque : encore %s maisons, %s hôtels",
    "Deed %s %s: lay its tag on a reader": "Titre %s %s : posez-le sur un lecteur",
    // page.js: the controls, the export, a unit's data loaded (the editions as the chart names them)
    "Power on holding %s (settings)": "Allumer en tenant %s (réglages)",
    on: "activé",
    off: "coupé",
    "A new unit starts with an empty flash: the game on this page is erased. Go on?":
      "Une nouvelle unité démarre avec une mémoire flash vide : la partie de cette page sera effacée. Continuer ?",
    "%s: %s transactions, %s series on the chart": "%s : %s opérations, %s séries sur le graphique",
    "The game could not be downloaded: %s": "La partie n'a pas pu être téléchargée : %s",
    "No files chosen: choose the data folder make pull copied off the unit (build/pull/data).":
      "Aucun fichier choisi : choisissez le dossier de données que make pull a copié de l'unité (build/pull/data).",
    "Load the %s unit's game (%s transactions, %s files)? The game on this page is erased.":
      "Charger la partie de l'unité %s (%s opérations, %s fichiers) ? La partie de cette page sera effacée.",
    "Nothing loaded: the page's game is as it was.": "Rien n'a été chargé : la partie de la page est restée telle quelle.",
    "Loaded the %s unit's data: %s files, %s transactions.": "Données de l'unité %s chargées : %s fichiers, %s opérations.",
    " Left out (not the unit's): %s.": " Laissés de côté (pas à l'unité) : %s.",
    "The data could not be loaded: %s": "Les données n'ont pas pu être chargées : %s",
    "The unit stopped: %s": "L'unité s'est arrêtée : %s",
    "Electronic Banking": "Banque électronique",
    Classic: "Classique",
    Revolution: "Révolution",
    Banker: "Banquier",
    "Stock Exchange": "Bourse",
  },
};

// `template` with its %s and %d filled by `values` in order (the chart's words use it too).
export function fill(template, ...values) {
  let next = 0;
  return template.replace(/%[sd]/g, () => String(values[next++]));
}

// `english` in the language `lang` (English where PAGE_WORDS has no entry), its %s filled by `values` in order.
export function word(lang, english, ...values) {
  const words = PAGE_WORDS[lang];
  return fill((words && words[english]) || english, ...values);
}
