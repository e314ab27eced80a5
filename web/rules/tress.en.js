// Tress in plain English.
export default {
  title: "Tress",
  intro: "Norwegian contract rummy for 3 to 6 players over 7 rounds. Get rid of your cards; the lowest total after 7 rounds wins.",
  sections: [
    { heading: "Cards", items: [
      "Two full decks with 4 jokers (5 with five players, 6 with six).",
      "Cards left in your hand when a round ends count against you: 2 to 7 are 5 points, 8 to king 10 points, an ace 20, a joker 50.",
    ] },
    { heading: "Sets and runs", items: [
      "A set (tress) is three or more cards of the same rank, such as 9 9 9. Suits may repeat.",
      "A run (serie) is four or more cards in a row in one suit, such as 8 9 10 J of spades. The ace is low (A-2-3-4) or high (J-Q-K-A), never in the middle.",
      "Jokers stand in for any card. Every meld needs a natural card, and when you first lay down, natural cards must outnumber the jokers in each meld.",
    ] },
    { heading: "The rounds", items: [
      "Round 1: 7 cards, two sets.",
      "Round 2: 8 cards, a set and a run.",
      "Round 3: 9 cards, two runs.",
      "Round 4: 10 cards, three sets.",
      "Round 5: 11 cards, two sets and a run.",
      "Round 6: 12 cards, a set and two runs.",
      "Round 7: 13 cards, three sets and a run, and every card must fit: you go out without a discard.",
    ] },
    { heading: "Your turn", items: [
      "Draw one card: from the stock, or the top card of the discard pile.",
      "When you hold the round’s contract you may go down: lay exactly those melds, all at once. Melds may be longer than the minimum.",
      "Once you are down you may add cards to any meld on the table, yours or anyone’s — already on the turn you go down.",
      "End your turn by discarding one card. You may not discard the card you just took from the discard pile.",
      "The round ends when someone discards their last card. Everybody else counts the cards in their hand.",
    ] },
    { heading: "Take it!", items: [
      "When a card lands on the discard pile, anyone except the player who discarded it may call “take it!” until the next player has drawn.",
      "The player due to draw decides: take the card as their own draw, or let the first caller have it.",
      "A caller who gets the card also draws one penalty card from the stock, and plays nothing until their own turn.",
      "Only the newest discard can be taken. Once it is gone, the card beneath is dead until someone discards on top of it.",
    ] },
    { heading: "In this app", items: [
      "Tap cards to select them. Tap a highlighted meld to add a card, or drag the card onto it.",
      "“Lay down” shows the ways your selected cards (or your whole hand) can make the contract.",
      "The Hint button shows what the normal computer player would do, and why.",
    ] },
  ],
};
