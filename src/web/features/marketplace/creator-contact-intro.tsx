/** The line under 'Contact <name>', in the dialog and in the no-script panel alike. */
export function CreatorContactIntro({ name }: { name: string }) {
  return <>Tell us about your project. Our team reads every message and puts you in touch with {name}.</>;
}
