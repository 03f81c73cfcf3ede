// Placeholder until the command lands.
