// Take in plain English.
export default {
  title: "Take",
  intro: "Rummy with runs only, for 2 to 4 players. Build sequences, steal other players’ sequences by adding to their top, and be first past 500 points.",
  sections: [
    { heading: "Cards", items: [
      "One deck of 52 cards and 2 jokers. Each player gets 7 cards.",
      "Values: joker 20, ace 15, king, queen, jack and ten 10, two to nine 5.",
    ] },
    { heading: "Sequences", items: [
      "A sequence is three or more cards in a row of one suit, such as 4 5 6 of spades. Sets of equal ranks do not count.",
      "The ace is low (A-2-3) or high (Q-K-A), never in the middle, and never at both ends.",
      "Jokers stand in for any card. A joker standing for an ace counts as that ace.",
    ] },
    { heading: "Your turn", items: [
      "Draw one card: from the stock, or the top card of the discard pile.",
      "Then, as often as you like: lay down a new sequence, or add cards to either end of any sequence on the table.",
      "End your turn by discarding one card — not the card you took from the discard pile this turn.",
    ] },
    { heading: "Taking and locking", items: [
      "Whoever lays a sequence down owns it. The owner may add to either end.",
      "Add a card above the top of someone else’s sequence and it becomes yours, with all its cards.",
      "Adding below someone else’s sequence is allowed, but the sequence stays theirs.",
      "A sequence topped by an ace is locked: nobody can take it any more.",
    ] },
    { heading: "Scoring", items: [
      "The hand ends as soon as a player discards their last card.",
      "Each player scores the value of the sequences they own, minus the cards left in their hand. Scores can go below zero.",
      "After the hand in which someone reaches 500, the highest total wins.",
    ] },
    { heading: "In this app", items: [
      "Tap cards to select them, then tap a highlighted sequence (or drag onto it). Before you take one over, the app tells you so.",
      "Select three or more cards and press “Lay down” for a new sequence.",
    ] },
  ],
};
