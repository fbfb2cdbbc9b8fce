print("stackexchange-double: not yet")
