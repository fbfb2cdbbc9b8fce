print("stackterm: not yet")
