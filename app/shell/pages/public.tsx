// Entry of every public page opened first: its islands hydrate on first use (../islands.tsx).
import { armIslands } from "../islands";

armIslands();
