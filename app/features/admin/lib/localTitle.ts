// A title as the back office shows it in its language: the Portuguese one in Portuguese where it
// was given, else the one every event and product has.
export const localTitle = (locale: string, title: string, titlePtBr: string | null | undefined): string => (locale === "pt-BR" && titlePtBr?.trim()) || title;
