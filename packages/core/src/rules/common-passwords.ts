/**
 * Stems of the most used passwords in public breach corpora, lower-cased with punctuation
 * removed; a password whose letters-and-digits form equals one of these (or one of these
 * followed by digits) is refused.
 */
export const commonPasswords: ReadonlySet<string> = new Set([
  "password", "passw0rd", "p4ssword", "p4ssw0rd", "passwort", "motdepasse", "contrasena",
  "qwerty", "qwertyuiop", "qwertyuiop123", "asdfghjkl", "zxcvbnm", "qazwsx", "qazwsxedc",
  "1qaz2wsx", "1qaz2wsx3edc", "123qwe", "qwe123", "abc123", "abcd1234", "a1b2c3d4",
  "iloveyou", "letmein", "welcome", "welcome1", "admin", "administrator", "root", "toor",
  "monkey", "dragon", "master", "sunshine", "princess", "football", "baseball", "soccer",
  "shadow", "superman", "batman", "trustno1", "michael", "jennifer", "hunter", "charlie",
  "starwars", "whatever", "freedom", "computer", "internet", "secret", "changeme", "changeit",
  "default", "login", "hello", "hellothere", "summer", "winter", "spring", "autumn",
  "january", "february", "march", "april", "june", "july", "august", "september", "october",
  "november", "december", "monday", "friday", "london", "manchester", "liverpool", "chelsea",
  "arsenal", "england", "scotland", "ireland", "america", "newyork", "zurich", "switzerland",
  "hospital", "doctor", "nurse", "patient", "clinic", "health", "healthcare", "medical",
  "openpro", "sciensus", "company", "office", "business", "service", "support", "test",
  "testing", "tester", "demo", "guest", "user", "username", "qwerty123", "password123",
  "1234567890", "123456789012", "12345678901234", "111111111111", "000000000000",
  "123123123123", "987654321", "0987654321", "11223344", "112233445566", "aaaaaaaaaaaa",
  "abcdefghijkl", "abcdefgh", "abcdefg", "letmein123", "iloveyou123", "welcome123",
  "correcthorsebatterystaple", "thequickbrownfox", "passwordpassword", "mypassword",
  "newpassword", "oldpassword", "temppassword", "temp", "pass", "pa55word", "pa55w0rd",
]);
