# The Banker edition: the classic US board's 28 deeds and the bank's whole estate (issue 30).
