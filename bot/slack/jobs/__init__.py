"""What the bot does on its own schedule: the inbox's caretaker, the §61 notices, the morning absence digest."""
