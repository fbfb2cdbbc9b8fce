StacktermCommand.runAsMain()
