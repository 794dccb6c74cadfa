/** Name and description of a plan in one language. */
interface PlanText {
  name: string;
  description: string;
}

/**
 * The built-in plans (0002, 0003) in every language of the interface but English, which stays on
 * the plans table. Frozen here: a later change of wording belongs in a new migration.
 */
export const BUILT_IN_PLAN_TRANSLATIONS: ReadonlyArray<{ code: string; en: PlanText; translations: Record<string, PlanText> }> = [
  {
    code: 'free',
    en: { name: 'Free', description: 'Get started: 1 GB of pinned storage.' },
    translations: {
      es: { name: 'Gratuito', description: 'Para empezar: 1 GB de almacenamiento fijado.' },
      ca: { name: 'Gratuït', description: "Per començar: 1 GB d'emmagatzematge fixat." },
      eu: { name: 'Doakoa', description: 'Hasteko: finkatutako 1 GB-ko biltegia.' },
      fr: { name: 'Gratuit', description: 'Pour commencer : 1 Go de stockage épinglé.' },
      de: { name: 'Kostenlos', description: 'Für den Einstieg: 1 GB gepinnter Speicher.' },
      it: { name: 'Gratuito', description: 'Per iniziare: 1 GB di spazio fissato.' },
      pt: { name: 'Gratuito', description: 'Para começar: 1 GB de armazenamento fixado.' },
      ru: { name: 'Бесплатный', description: 'Для начала: 1 ГБ закреплённого хранилища.' },
      uk: { name: 'Безкоштовний', description: 'Для початку: 1 ГБ закріпленого сховища.' },
    },
  },
  {
    code: 'pro',
    en: { name: 'Pro', description: '100 GB of pinned storage for individuals.' },
    translations: {
      es: { name: 'Pro', description: '100 GB de almacenamiento fijado para particulares.' },
      ca: { name: 'Pro', description: "100 GB d'emmagatzematge fixat per a particulars." },
      eu: { name: 'Pro', description: 'Finkatutako 100 GB-ko biltegia norbanakoentzat.' },
      fr: { name: 'Pro', description: '100 Go de stockage épinglé pour les particuliers.' },
      de: { name: 'Pro', description: '100 GB gepinnter Speicher für Einzelpersonen.' },
      it: { name: 'Pro', description: '100 GB di spazio fissato per privati.' },
      pt: { name: 'Pro', description: '100 GB de armazenamento fixado para particulares.' },
      ru: { name: 'Pro', description: '100 ГБ закреплённого хранилища для частных лиц.' },
      uk: { name: 'Pro', description: '100 ГБ закріпленого сховища для приватних осіб.' },
    },
  },
  {
    code: 'business',
    en: { name: 'Business', description: '1 TB of pinned storage for teams.' },
    translations: {
      es: { name: 'Empresa', description: '1 TB de almacenamiento fijado para equipos.' },
      ca: { name: 'Empresa', description: "1 TB d'emmagatzematge fixat per a equips." },
      eu: { name: 'Enpresa', description: 'Finkatutako 1 TB-ko biltegia taldeentzat.' },
      fr: { name: 'Entreprise', description: '1 To de stockage épinglé pour les équipes.' },
      de: { name: 'Business', description: '1 TB gepinnter Speicher für Teams.' },
      it: { name: 'Business', description: '1 TB di spazio fissato per i team.' },
      pt: { name: 'Empresas', description: '1 TB de armazenamento fixado para equipas.' },
      ru: { name: 'Бизнес', description: '1 ТБ закреплённого хранилища для команд.' },
      uk: { name: 'Бізнес', description: '1 ТБ закріпленого сховища для команд.' },
    },
  },
];
