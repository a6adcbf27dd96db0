/** Copy of /formulario around the form (SPEC §2); the form's own sections are in ./form.tsx. */
import { Clock, ShieldCheck } from "~/components/ui/icons";

/** Title and description of the page (its <head>, and its result in the site search). */
export const QUESTIONNAIRE_META = {
  title: "Formulário de Otimização de Negócios",
  description: "Conte como sua empresa funciona hoje e receba em até 48 horas uma proposta personalizada de otimização com agentes de IA.",
};

export const QUESTIONNAIRE_HERO = {
  eyebrow: "Diagnóstico gratuito",
  title: "Formulário de Otimização de Negócios",
  lead: "Conte como sua empresa funciona hoje. Com essas respostas, nossos especialistas identificam onde agentes de IA geram mais resultado e preparam uma proposta sob medida.",
  promises: [
    { icon: Clock, text: "Cerca de 10 minutos para preencher" },
    { icon: ShieldCheck, text: "Suas respostas são confidenciais" },
  ],
};
