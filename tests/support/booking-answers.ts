/** The booking form's main participant, answered by item name as a customer in Munich fills it in. */
export function mainParticipantAnswers(email: string): Record<`main.${string}`, string> {
  return {
    "main.salutation": "mrs",
    "main.forename": "Lena",
    "main.surname": "Berger",
    "main.street": "Leopoldstraße 7",
    "main.postcode": "80802",
    "main.city": "München",
    "main.country": "DE",
    "main.phone": "+49 89 4521 7730",
    "main.email": email,
  };
}
