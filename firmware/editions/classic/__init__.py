# The classic banker: money in dollars, mortgages, the fine, bankruptcy.
