"""HR data: employees, their leave balances, and who is asking."""
