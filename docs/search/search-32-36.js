(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-36.js"]={"26":"tfa/tv/","260":"ev/","262":"ev;ila;","264":"ev/","265":"ev/","266":"ev;","267":"uf;"};
