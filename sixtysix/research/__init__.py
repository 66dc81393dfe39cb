"""Research tools: tournaments between computer players, with confidence intervals and ratings."""
