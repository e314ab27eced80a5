// Tress på norsk.
export default {
  title: "Tress",
  intro: "Norsk kortspill for 3 til 6 spillere over 7 runder. Bli kvitt kortene dine – den med færrest poeng etter 7 runder vinner.",
  sections: [
    { heading: "Kortene", items: [
      "To kortstokker med 4 jokere (5 med fem spillere, 6 med seks).",
      "Kortene du sitter igjen med når runden er slutt, teller mot deg: 2 til 7 er 5 poeng, 8 til konge 10 poeng, ess 20 og joker 50.",
    ] },
    { heading: "Tress og serier", items: [
      "En tress er minst tre like, for eksempel 9 9 9. Fargene kan gjenta seg.",
      "En serie er minst fire kort på rad i samme farge, for eksempel spar 8 9 10 knekt. Esset er lavt (ess-2-3-4) eller høyt (knekt-dame-konge-ess), aldri i midten.",
      "Jokeren kan stå for hvilket som helst kort. Hver kombinasjon trenger et ekte kort, og når du legger ned, må de ekte kortene være flere enn jokerne.",
    ] },
    { heading: "Rundene", items: [
      "Runde 1: 7 kort, to tress.",
      "Runde 2: 8 kort, en tress og en serie.",
      "Runde 3: 9 kort, to serier.",
      "Runde 4: 10 kort, tre tress.",
      "Runde 5: 11 kort, to tress og en serie.",
      "Runde 6: 12 kort, en tress og to serier.",
      "Runde 7: 13 kort, tre tress og en serie – og alle kortene må passe inn, så du går ut uten å kaste.",
    ] },
    { heading: "Turen din", items: [
      "Trekk ett kort: fra bunken eller det øverste kortet i kastebunken.",
      "Når du har rundens mål på hånden, kan du legge ned: nøyaktig de kombinasjonene, alle på én gang. De kan gjerne være lengre enn minimum.",
      "Når du har lagt ned, kan du legge kort på alt som ligger på bordet, ditt eller andres – allerede i den turen du legger ned.",
      "Avslutt turen med å kaste ett kort. Du kan ikke kaste kortet du nettopp tok fra kastebunken.",
      "Runden er slutt når noen kaster sitt siste kort. Alle andre teller kortene på hånden.",
    ] },
    { heading: "Take it!", items: [
      "Når et kort havner i kastebunken, kan alle unntatt den som kastet, si «take it!» helt til neste spiller har trukket.",
      "Spilleren som skal trekke, bestemmer: ta kortet selv som sitt trekk, eller la den som ropte først, få det.",
      "Den som får kortet, må også trekke ett straffekort fra bunken, og spiller ingenting før sin egen tur.",
      "Bare det siste kastede kortet kan tas. Når det er borte, er kortet under dødt til noen kaster oppå det.",
    ] },
    { heading: "I appen", items: [
      "Trykk på kort for å velge dem. Trykk på en uthevet kombinasjon for å legge på, eller dra kortet dit.",
      "«Legg ned» viser hvordan de valgte kortene (eller hele hånden) kan oppfylle målet.",
      "Tips-knappen viser hva datamaskinen på middels nivå ville gjort, og hvorfor.",
    ] },
  ],
};
