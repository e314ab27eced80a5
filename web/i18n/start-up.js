// Texts for the engine's start-up (web/start-up/loading.js) in every language: how long a download still
// takes, and why a start failed, by the error type the worker and the start-up watch report
// (web/worker.js, web/start-up/start-watch.js). Added to the main dictionaries (en.js, nb.js, uk.js) when
// this module loads, without replacing any key those already have.

import { addTexts } from "./extend.js";

const TEXTS = {
  en: {
    engine: {
      downloadingLeft: "Loading the game engine… {loaded} of {total} MB, about {left} to go",
      secondsLeft: "{count} s",
      minutesLeft: "{count} min",
      error: {
        download_stalled: "Nothing has arrived for {seconds} s: the download has stopped. Check the connection and try again; what has arrived so far is kept.",
        download_failed: "The game engine could not be downloaded ({detail}). Check the connection and try again; what has arrived so far is kept.",
        start_timeout: "The game engine has downloaded but did not start within {seconds} s. This browser or page may be blocking WebAssembly.",
        no_wasm: "This browser or page does not allow WebAssembly, which the game engine needs.",
        start_failed: "The game engine could not start: {detail}",
        worker_error: "The game engine could not be started in this browser ({detail}).",
      },
    },
  },
  nb: {
    engine: {
      downloadingLeft: "Laster spillmotoren … {loaded} av {total} MB, omtrent {left} igjen",
      secondsLeft: "{count} s",
      minutesLeft: "{count} min",
      error: {
        download_stalled: "Ingenting har kommet fram på {seconds} s: nedlastingen har stoppet. Sjekk forbindelsen og prøv igjen; det som allerede er lastet ned, beholdes.",
        download_failed: "Spillmotoren kunne ikke lastes ned ({detail}). Sjekk forbindelsen og prøv igjen; det som allerede er lastet ned, beholdes.",
        start_timeout: "Spillmotoren er lastet ned, men startet ikke innen {seconds} s. Denne nettleseren eller siden blokkerer kanskje WebAssembly.",
        no_wasm: "Denne nettleseren eller siden tillater ikke WebAssembly, som spillmotoren trenger.",
        start_failed: "Spillmotoren kunne ikke starte: {detail}",
        worker_error: "Spillmotoren kunne ikke startes i denne nettleseren ({detail}).",
      },
    },
  },
  uk: {
    engine: {
      downloadingLeft: "Завантаження ігрового рушія… {loaded} з {total} МБ, залишилося близько {left}",
      secondsLeft: "{count} с",
      minutesLeft: "{count} хв",
      error: {
        download_stalled: "Уже {seconds} с нічого не надходить: завантаження зупинилося. Перевірте з’єднання і спробуйте ще раз; уже завантажене збережено.",
        download_failed: "Не вдалося завантажити ігровий рушій ({detail}). Перевірте з’єднання і спробуйте ще раз; уже завантажене збережено.",
        start_timeout: "Ігровий рушій завантажено, але він не запустився за {seconds} с. Можливо, цей браузер або сторінка блокує WebAssembly.",
        no_wasm: "Цей браузер або сторінка не дозволяє WebAssembly, без якого ігровий рушій не працює.",
        start_failed: "Не вдалося запустити ігровий рушій: {detail}",
        worker_error: "Не вдалося запустити ігровий рушій у цьому браузері ({detail}).",
      },
    },
  },
};

addTexts(TEXTS);
