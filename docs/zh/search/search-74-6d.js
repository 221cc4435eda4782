(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-6d.js"]={"tmp":"og+cf+nb+|a+ba++pa+~h/fc+s~+hd+"};
