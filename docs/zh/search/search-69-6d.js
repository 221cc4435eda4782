(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-6d.js"]={"import":"kl/b'","import_module":"ol+","importlib":"ol+","improve":"~o/m/","improving":"xp/","imθᵢ":"ox;"};
