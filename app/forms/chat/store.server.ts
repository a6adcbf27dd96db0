import { chatSessions } from "~/db/schema";
import { saveNativeChatContact } from "~/domain/chat/conversations.server";
import { defineLeadStore } from "../define.server";
import definition from "./definition";

export default defineLeadStore(definition, {
  table: chatSessions,
  store: saveNativeChatContact,
});
