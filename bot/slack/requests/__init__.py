"""Leave requests in Slack: the form, the cards, submissions and decisions by a person's click, and the messages each move owes, delivered once."""
