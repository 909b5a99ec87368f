"""The browser table (`clank-story serve`): the same table, dispatcher, words and saves as the prompt,
shown as a page with the board, your hand, the row and the story. Starlette and uvicorn are imported
only by `server.py` and `start.py`'s `serve`, so `play` never pays for them."""
