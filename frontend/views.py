"""Pages: the lobby lists the catalog and recent games."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from api import selectors
from api.models import Game


def lobby(request: HttpRequest) -> HttpResponse:
    games = Game.objects.all().order_by("-id")[:50]
    return render(request, "frontend/lobby.html", {"catalog": selectors.catalog(), "games": games})
