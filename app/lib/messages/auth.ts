/** SPEC §6 and §8 texts of the admin login and logout. */
export const authMessages = {
  loginError: { title: "Erro de autenticação", description: "Nome de usuário ou senha incorretos" },
  loginSuccess: { title: "Login realizado com sucesso", description: "Bem-vindo à área administrativa" },
  logout: { title: "Logout realizado", description: "Você saiu da área administrativa." },
} as const;

/** SPEC §6: the UI mirrors the session in this local-storage flag; the server never trusts it. */
export const AUTH_STORAGE_KEY = "isAuthenticated";
