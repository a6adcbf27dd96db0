import { saveNativeChatContact } from "~/domain/chat/conversations.server";
import { defineLeadStore } from "../define.server";
import definition from "./definition";

export default defineLeadStore(definition, {
  store: (input, meta, tx) => saveNativeChatContact(input, meta.ip, tx, meta.attribution),
});
