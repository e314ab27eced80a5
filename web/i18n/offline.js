// Texts for saved games, statistics, offline use and updates, in every language. They are added
// to the main dictionaries (en.js, nb.js, uk.js) when this module loads, without replacing any
// key those already have, so t("saves.resume", ...) works like any other key.

import { addTexts } from "./extend.js";

const TEXTS = {
  en: {
    saves: {
      heading: "Game in progress",
      resume: "Continue {game}",
      detail: { one: "Round {round}, {count} player", other: "Round {round}, {count} players" },
      detailTake: { one: "Hand {round}, {count} player", other: "Hand {round}, {count} players" },
      problem: "Your saved game of {game} could not be opened: it is damaged or comes from another version of Rummy Table. It has been put aside; start a new game whenever you like.",
      memoryOnly: "This page may not store anything on this device, so a game lasts only while it stays open.",
      dismiss: "OK",
    },
    stats: {
      button: "Statistics",
      title: "Statistics",
      empty: "No finished matches yet.",
      game: "Game",
      level: "Computer players",
      played: "Played",
      won: "Won",
      best: "Best",
      average: "Average",
      short: { played: "Played", won: "Won", best: "Best", average: "Avg." },
      mixed: "Mixed",
      note: "Results are your final scores: in Tress the lowest is best, in Take the highest.",
      reset: "Reset statistics",
      resetConfirm: "Delete all statistics?",
      resetYes: "Delete",
    },
    offline: {
      updated: "Rummy Table has been updated to a new version.",
      updateReady: "A new version of Rummy Table is ready. It starts the next time you open the game.",
      dismiss: "OK",
    },
  },
  nb: {
    saves: {
      heading: "Parti i gang",
      resume: "Fortsett {game}",
      detail: { one: "Runde {round}, {count} spiller", other: "Runde {round}, {count} spillere" },
      detailTake: { one: "Omgang {round}, {count} spiller", other: "Omgang {round}, {count} spillere" },
      problem: "Det lagrede partiet ditt i {game} kunne ikke åpnes: det er skadet eller kommer fra en annen versjon av Rummy Table. Det er lagt til side; start et nytt parti når du vil.",
      memoryOnly: "Denne siden får ikke lagre noe på enheten, så et parti varer bare så lenge siden er åpen.",
      dismiss: "OK",
    },
    stats: {
      button: "Statistikk",
      title: "Statistikk",
      empty: "Ingen ferdige partier ennå.",
      game: "Spill",
      level: "Datamaskinspillere",
      played: "Spilt",
      won: "Vunnet",
      best: "Best",
      average: "Snitt",
      short: { played: "Spilt", won: "Vunnet", best: "Best", average: "Snitt" },
      mixed: "Blandet",
      note: "Resultatene er sluttsummene dine: i Tress er lavest best, i Take høyest.",
      reset: "Nullstill statistikken",
      resetConfirm: "Slette all statistikk?",
      resetYes: "Slett",
    },
    offline: {
      updated: "Rummy Table er oppdatert til en ny versjon.",
      updateReady: "En ny versjon av Rummy Table er klar. Den tas i bruk neste gang du åpner spillet.",
      dismiss: "OK",
    },
  },
  uk: {
    saves: {
      heading: "Незавершена гра",
      resume: "Продовжити гру «{game}»",
      detail: {
        one: "Раунд {round}, {count} гравець",
        few: "Раунд {round}, {count} гравці",
        many: "Раунд {round}, {count} гравців",
        other: "Раунд {round}, {count} гравця",
      },
      detailTake: {
        one: "Роздача {round}, {count} гравець",
        few: "Роздача {round}, {count} гравці",
        many: "Роздача {round}, {count} гравців",
        other: "Роздача {round}, {count} гравця",
      },
      problem: "Збережену гру «{game}» не вдалося відкрити: вона пошкоджена або з іншої версії Rummy Table. Її відкладено; почніть нову гру, коли забажаєте.",
      memoryOnly: "Ця сторінка не може нічого зберігати на пристрої, тож гра триває, лише поки сторінка відкрита.",
      dismiss: "Гаразд",
    },
    stats: {
      button: "Статистика",
      title: "Статистика",
      empty: "Ще немає завершених партій.",
      game: "Гра",
      level: "Комп’ютерні гравці",
      played: "Зіграно",
      won: "Виграно",
      best: "Найкраще",
      average: "Середнє",
      short: { played: "Ігри", won: "Виграно", best: "Рекорд", average: "Сер." },
      mixed: "Змішано",
      note: "Результати — це ваші підсумкові очки: у грі «Трес» найкраще найменше, у грі «Взяти» — найбільше.",
      reset: "Скинути статистику",
      resetConfirm: "Видалити всю статистику?",
      resetYes: "Видалити",
    },
    offline: {
      updated: "Rummy Table оновлено до нової версії.",
      updateReady: "Нова версія Rummy Table готова. Вона запрацює, коли ви наступного разу відкриєте гру.",
      dismiss: "Гаразд",
    },
  },
};

addTexts(TEXTS);
