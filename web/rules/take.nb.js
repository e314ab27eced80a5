// Take på norsk.
export default {
  title: "Take",
  intro: "Rummy med bare serier, for 2 til 4 spillere. Bygg serier, ta andres serier ved å legge over toppen, og bli først over 500 poeng.",
  sections: [
    { heading: "Kortene", items: [
      "Én kortstokk med 52 kort og 2 jokere. Hver spiller får 7 kort.",
      "Verdier: joker 20, ess 15, konge, dame, knekt og tier 10, to til ni 5.",
    ] },
    { heading: "Serier", items: [
      "En serie er minst tre kort på rad i samme farge, for eksempel spar 4 5 6. Like kort (tress) teller ikke.",
      "Esset er lavt (ess-2-3) eller høyt (dame-konge-ess), aldri i midten og aldri i begge ender.",
      "Jokeren kan stå for hvilket som helst kort. En joker som står for et ess, teller som det esset.",
    ] },
    { heading: "Turen din", items: [
      "Trekk ett kort: fra bunken eller det øverste kortet i kastebunken.",
      "Deretter, så mange ganger du vil: legg ned en ny serie, eller legg kort i hver ende av en serie på bordet.",
      "Avslutt turen med å kaste ett kort – ikke det du tok fra kastebunken denne turen.",
    ] },
    { heading: "Ta over og låse", items: [
      "Den som legger ned en serie, eier den. Eieren kan legge til i begge ender.",
      "Legger du et kort over toppen av en annens serie, blir den din, med alle kortene.",
      "Du kan legge under en annens serie, men da er den fortsatt deres.",
      "En serie med ess på toppen er låst: ingen kan ta den lenger.",
    ] },
    { heading: "Poeng", items: [
      "Given er slutt så snart en spiller kaster sitt siste kort.",
      "Hver spiller får verdien av seriene de eier, minus kortene de har igjen på hånden. Man kan havne under null.",
      "Etter given der noen når 500, vinner den med høyest sum.",
    ] },
    { heading: "I appen", items: [
      "Velg kort, og trykk så på en uthevet serie (eller dra dit). Før du tar over en serie, sier appen fra.",
      "Velg tre eller flere kort og trykk «Legg ned» for en ny serie.",
    ] },
  ],
};
