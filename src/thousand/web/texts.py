"""The browser page's own texts: every word ``static/*.js`` shows that the server does not.

The page looks its texts up by their English msgid in ``GET /api/texts/{lang}``, which
the server builds from :data:`PAGE_TEXTS` through the game's catalogs; a text missing
from it is shown in English. The :func:`~thousand.core.i18n.N_` marks put them into the
catalogs (``scripts/update_catalogs.py``), beside the terminal game's, so a sentence
both say — ``Now playing: {name}``, ``Score sheet`` — is translated once.

What the game itself says — the sheet, the standings, how a turn ended, the throw and
stop labels, refusals, the advisor — is not here: the server writes it into each
state in the connection's language (each game's ``words`` module, through its view in
``thousand.web.rooms``).

Placeholders are named (``{name}``) and filled by the page after the lookup. Nothing
here has a plural form (the page has no ``ngettext``): counts stand after a colon
(``Spectators: {n}``). Names never become the subject of a verb, as in the terminal
game: the same line must suit "Anna" and "You" / "Вы".
"""

from __future__ import annotations

from thousand.core.i18n import N_

PAGE_TEXTS: tuple[str, ...] = (
    # the frame of every page
    N_("Dice 1000"),
    N_("Skip to the content"),
    N_("Reduce motion"),
    N_("Language"),
    # the lobby: the open rooms
    N_("Open rooms"),
    N_("Refresh"),
    N_("Loading…"),
    N_("No open rooms yet. Create one, and send the invite link to your friends."),
    N_("Room"),
    N_("Seats"),
    N_("open seat"),
    N_("{name} (computer)"),
    N_("(online)"),
    N_("(offline)"),
    N_("Spectators: {n}"),
    N_("waiting for players"),
    N_("playing"),
    N_("game over"),
    N_("Join"),
    N_("Watch"),
    N_("Join the room: {rules}"),
    N_("Watch the room: {rules}"),
    N_("{preset} with changes"),
    N_("own rules"),
    # the lobby: how to play
    N_("How to play"),
    N_(
        "A turn starts with a throw of all five dice. 1s (10 points), 5s (5 points), "
        "three or more of a kind and straights score."
    ),
    N_(
        "Set the scoring dice aside and throw the others again, or stop and record the "
        "turn total. A throw with nothing scoring loses the turn."
    ),
    N_(
        "The first to 1000 wins. The rules add an entry score, barrels and more: each "
        "preset says which."
    ),
    N_("Keys at the table: T or Space — throw, S — stop, 1–9 — which dice to set aside."),
    # the lobby: starting a game in one tap
    N_("New game"),
    N_("Player"),
    N_("Computer"),
    N_("Play the computer"),
    N_("Play with friends"),
    N_("Makes the room and shows the link to send."),
    N_("More options"),
    N_("house rules, seats, clock, advisor…"),
    N_("Own rules"),
    N_("The rules chosen above"),
    N_("The rules set under More options are used."),
    N_("The two buttons above use these options too; this one seats the players as set here."),
    # the lobby: creating a room
    N_("Create a room"),
    N_("Your name"),
    N_("Rules"),
    N_("A rules file (TOML or JSON)"),
    N_("The rules file's contents"),
    N_("Or open a file"),
    N_("The file is too large."),
    # the lobby: house rules (a preset and the common keys on top of it)
    N_("House rules"),
    N_("Start from"),
    N_("Play to"),
    N_("To win"),
    N_("that score or more"),
    N_("exactly that score"),
    N_("Entry score"),
    N_("0: no entry score."),
    N_("Overtaking penalty"),
    N_("0: no penalty."),
    N_("Barrels"),
    N_("as in the base rules: {barrels}"),
    N_("no barrels"),
    N_("our own barrels"),
    N_("Barrel {n}: from"),
    N_("Barrel {n}: to"),
    N_("Remove barrel {n}"),
    N_("No barrels yet."),
    N_("Add a barrel"),
    N_("The barrel 200–300 holds the scores 200 to 299."),
    N_("Dump truck 555"),
    N_("Recording exactly 555 puts the score back to 0."),
    N_("Bolts"),
    N_("A lost turn gives a bolt; so many bolts cost a penalty."),
    N_("Bolts for a penalty"),
    N_("Penalty points"),
    N_("Enter a whole number from {min} to {max}."),
    N_("A barrel ends above where it starts."),
    N_("Saved rules"),
    N_("choose…"),
    N_("Delete"),
    N_("Save these rules as"),
    N_("Save"),
    N_("Name the rules to save them."),
    N_("Rules “{name}” saved in this browser."),
    N_("Rules “{name}” are in the form."),
    N_("Rules “{name}” deleted."),
    N_("Players"),
    N_("Number of players"),
    N_("Seat 1 is yours. The game starts when every seat is taken."),
    N_("Seat {n}"),
    N_("you"),
    N_("a person without a phone"),
    N_("a person (open seat)"),
    N_("Name of player {n}"),
    N_("computer: {level}"),
    N_("Options"),
    N_("Turn clock"),
    N_("Seconds to move"),
    N_("sec."),
    N_("Advisor"),
    # card Thousand's advisor (its figures come from the server)
    N_("Hint"),
    N_("People may see what each bid and card brings in the deal, from their own cards only."),
    N_("Hide the hint"),
    N_("Advisor: thinking…"),
    N_("Advisor (the declarer's points · contract made):"),
    N_("Advisor (what declaring brings · made):"),
    N_("People may see their winning chances with perfect play."),
    N_("Private room"),
    N_("Not listed here: only the invite link leads to it."),
    N_("Spectators may not chat"),
    N_("Dice"),
    N_("The server throws the dice"),
    N_("Real dice at a real table: the player to move enters the faces"),
    N_("Who enters the throws"),
    # the lobby, card Thousand: the server's deck or real cards at a real table
    N_("Cards"),
    N_("The server deals the cards: each player on their own phone"),
    N_("Real cards at a real table: this phone enters each deal's result"),
    N_("Each player on their own phone"),
    N_("One device keeps the score for the whole table"),
    N_("This device enters every player's throws; name the players below."),
    N_("Enter your name."),
    N_("Enter the name of player {n}."),
    N_("Two players are called {name}: give them different names."),
    N_("Paste the rules file's contents, or choose a preset."),
    N_("The clock takes 10 to 600 seconds."),
    N_("The server cannot be reached."),
    N_("The room could not be created."),
    # a table: the room, its seats and the connection
    N_("game {n}"),
    N_("Invite link"),
    N_("Copy"),
    N_("Copy the invite link"),
    N_("Copied."),
    N_("Select the link and copy it."),
    N_("You are watching."),
    N_("You are watching. A seat is open."),
    N_("Your seat: {name}"),
    N_("You have a seat at this table."),
    N_("Join this game"),
    N_("Take the seat"),
    N_("Just watch"),
    N_("The seat could not be taken."),
    N_("Connecting…"),
    N_("Connection lost: reconnecting…"),
    N_("Not connected: the action was not sent."),
    N_("This browser's seat in the room is no longer valid: you are watching."),
    N_("There is no such room."),
    N_("It may have been closed, or the link is mistyped."),
    N_("To the lobby"),
    N_("Waiting for players"),
    N_("The game starts when every seat is taken. Open seats: {n}."),
    N_("Send the invite link above to whoever you want to play with."),
    # a table: the players and the turn
    N_("computer"),
    N_("at the table, without a phone"),
    N_("played by the computer: time ran out"),
    N_("winner"),
    N_("to move"),
    N_("Time left: {time}"),
    N_("Now playing: {name}"),
    N_("Now playing: {name}…"),
    N_("thinking"),
    N_("The game is over."),
    N_("In the hand"),
    N_("Dice in the hand: {n}"),
    N_("Last throw"),
    N_("Last throw of {name}"),
    N_("Set aside"),
    N_("Turn total"),
    N_("Dice left: {n}"),
    N_("Scoring combinations"),
    N_("How the turns ended"),
    # a table: the actions (the server's labels stand in for Throw and Stop)
    N_("Your move"),
    N_("Entering for: {name}"),
    N_("Throw"),
    N_("Stop"),
    N_("Space"),
    N_("Choose the dice to set aside:"),
    N_("Set aside {dice}"),
    N_("Enter the faces that fell (dice: {n}):"),
    N_("Face {n}"),
    N_("Take out the die {face}"),
    N_("Entered: {dice}"),
    N_("No faces entered yet."),
    N_("That's it"),
    N_("Undo the last throw"),
    N_("One moment…"),
    N_("Waiting for your turn."),
    N_("Your time ran out: the computer is playing for you. Make a move to take your seat back."),
    N_("Refused."),
    N_("Winning chances"),
    # a table: the end of a game, the sheet, the chat, the dice's fairness
    N_("Winner: {name}."),
    N_("Rematch"),
    N_("Rematch asked"),
    N_("Asked for a rematch: the next game starts when every player has asked."),
    N_("Asked for a rematch: {names}"),
    N_("Download the record"),
    N_("Score sheet"),
    N_("Round"),
    N_("The sheet fills in as the game goes."),
    N_("Chat"),
    N_("Message"),
    N_("Write a message…"),
    N_("Send"),
    N_("No messages yet."),
    N_("spectator"),
    N_("Spectators may not write in this room's chat."),
    N_("A message is at most {n} characters."),
    N_("Real dice: the players enter the faces."),
    N_("Dice commitment: {hash}"),
    N_(
        "The dice come from a secret seed drawn when the game began; this is its "
        "SHA-256. The seed is shown when the game is over, and “thousand verify” checks "
        "every throw against it."
    ),
    N_("Dice seed: {seed}"),
    # poker dice: the lobby
    N_("Game"),
    N_("Poker dice: {rules}"),
    N_("A turn has up to three throws. Keep any dice and throw the others again."),
    N_(
        "After any throw, write the dice into one empty box of your sheet: ones to sixes, "
        "then pair, two pairs, three of a kind, straights, full house, four of a kind, "
        "poker and chance."
    ),
    N_("The highest total when every sheet is full wins. Each preset says how the boxes score."),
    N_("Keys at the table: T or Space — throw, 1–5 — keep a die or give it back."),
    # poker dice: a table
    N_("Tap the dice to keep"),
    N_("Dice showing"),
    N_("Die {face}: kept"),
    N_("Die {face}: thrown again"),
    N_("kept"),
    N_("Keep at most four dice: a throw throws at least one."),
    N_("Throws left"),
    N_("Throws left: {n}"),
    N_("First throw: a combination of series 2 written now scores double."),
    N_("Throw all five dice"),
    N_("Throw all five again"),
    N_("Throw {n} dice, keep {kept}"),
    N_("Stand on these dice"),
    N_("Or write the dice into a box of your sheet: tap its points."),
    N_("Box"),
    N_("Write {box}: {points}"),
    N_("What this box would score now"),
    # card Thousand: the lobby and a table
    N_("on the barrel"),
    N_("barrel"),
    N_("bolts: {n}"),
    N_("write-offs: {n}"),
    N_("Deck commitment: {hash}"),
    N_("Deck seed: {seed}"),
    N_(
        "Every deal is shuffled from a secret seed drawn when the game began; this is its "
        "SHA-256. The seed is shown when the game is over, and “thousand verify” checks "
        "every deal against it."
    ),
    N_("You are watching: the hands are hidden until a deal is over."),
    N_("declarer"),
    N_("dealer"),
    N_("tricks: {n}"),
    N_("Give {card} to {name}"),
    N_("Cards in hand: {n}"),
    N_("Give here"),
    N_("pass"),
    N_("The trick"),
    N_("Talon"),
    N_("Bidding"),
    N_("Trump: {suit}"),
    N_("No trump yet"),
    N_("{name} plays {amount}"),
    N_("four aces"),
    N_("Marriage {what}: {name}"),
    N_("Your cards are face down: play dark or look at them."),
    N_("Your hand"),
    N_("Last trick"),
    N_("The last deal"),
    N_("Deal {n}: {what}"),
    N_("Deal {n}"),
    N_("Play dark"),
    N_("Look at the cards"),
    N_("Bidding: bid more, or pass (a pass is final)."),
    N_("Your bid"),
    N_("Bid {amount}"),
    N_("Pass"),
    N_("Take talon {n}"),
    N_("Now tap the player to give {card} to."),
    N_("Giving: tap a card, then the player to give it to (one card to each opponent)."),
    N_("Tap a card to put aside, and tap it again."),
    N_("Put {card} aside"),
    N_("Your contract: the bid or more."),
    N_("Contract"),
    N_("Contract {amount}"),
    N_("Play {card} with the marriage: {what}"),
    N_("Play {card} without it"),
    N_("Play {card}"),
    N_("Your turn: tap a card, tap it again to play."),
    N_("Redeal"),
    N_("Write off the deal"),
    N_("Waiting: {name} — {what}."),
    N_("Declarer and contract"),
    N_(
        "Bid for the talon: the highest bid takes it, "
        "gives a card to each opponent and names the contract."
    ),
    N_(
        "Follow suit, else trump, else any card. A king and queen "
        "of a suit, announced when you lead, make it trump and score."
    ),
    N_(
        "Make the contract or lose it; the defenders score what they "
        "take. The first to 1000 wins: beware the barrel at 880."
    ),
    N_("At the table: tap a card to choose it, tap it again to play."),
)
"""Every text of the page (``static/*.js``), in the order the page shows them."""
