/** Copy of /formulario around the form (SPEC §2); the form's own sections are in ./form.tsx. */
import { Clock, ShieldCheck } from "lucide-react";

export const QUESTIONNAIRE_HERO = {
  eyebrow: "Diagnóstico gratuito",
  title: "Formulário de Otimização de Negócios",
  lead: "Conte como sua empresa funciona hoje. Com essas respostas, nossos especialistas identificam onde agentes de IA geram mais resultado e preparam uma proposta sob medida.",
  promises: [
    { icon: Clock, text: "Cerca de 10 minutos para preencher" },
    { icon: ShieldCheck, text: "Suas respostas são confidenciais" },
  ],
};
