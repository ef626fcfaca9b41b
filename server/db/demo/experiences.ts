/** Guest voices for the home page (demo data). */
import { t } from "../factories/common";
import type { experiences } from "../schema";

export const experienceSeeds: Omit<typeof experiences.$inferInsert, "id" | "createdAt">[] = [
  {
    imageUrl: "/images/experience-1.svg",
    imageAlt: t(
      "Driver in a helmet giving a thumbs-up next to a sports car in the pit lane",
      "Fahrer mit Helm zeigt neben einem Sportwagen in der Boxengasse den Daumen nach oben",
    ),
    quote: t(
      "From the first briefing to the last lap everything was perfectly organised – the instructors got more out of me and my car than I thought possible.",
      "Vom ersten Briefing bis zur letzten Runde war alles perfekt organisiert – die Instruktoren haben mehr aus mir und meinem Auto herausgeholt, als ich für möglich gehalten hätte.",
    ),
    personName: "Markus Albrecht",
    eventName: t("Track day at the Nürburgring", "Trackday auf dem Nürburgring"),
    position: 1,
  },
  {
    imageUrl: "/images/experience-2.svg",
    imageAlt: t("Yoga session on the beach at sunrise", "Yoga-Einheit am Strand bei Sonnenaufgang"),
    quote: t(
      "Yoga at sunrise, golf in the afternoon and a group that felt like old friends after one day. I have already booked the next trip.",
      "Yoga bei Sonnenaufgang, nachmittags Golf und eine Gruppe, die sich schon nach einem Tag wie alte Freunde anfühlte. Die nächste Reise habe ich bereits gebucht.",
    ),
    personName: "Sabine Köhler",
    eventName: t("Golf & yoga retreat on Mallorca", "Golf- & Yoga-Retreat auf Mallorca"),
    position: 2,
  },
  {
    imageUrl: "/images/experience-3.svg",
    imageAlt: t("Golf trophy on a green with a flag at sunset", "Golfpokal auf einem Grün mit Fahne bei Sonnenuntergang"),
    quote: t(
      "The Golf Circle gives our season its rhythm: great courses, fair flights and an evening programme my non-playing husband enjoys as much as I do.",
      "Der Golf Circle gibt unserer Saison ihren Rhythmus: tolle Plätze, faire Flights und ein Abendprogramm, das meinem nicht golfenden Mann genauso gefällt wie mir.",
    ),
    personName: "Anna Berger",
    eventName: t("Golf Circle final", "Golf-Circle-Finale"),
    position: 3,
  },
];
